import { notFound } from 'next/navigation';
import { TenantsPage } from '@/components/tenants/tenants-page';
import { requireAdmin } from '@/server/admins/session';

export const metadata = { title: 'Tenants' };

export default async function Page() {
  if (!(await requireAdmin()).isOperator) notFound();
  return <TenantsPage />;
}
