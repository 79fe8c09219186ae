import { notFound } from 'next/navigation';
import { AdminsPage } from '@/components/admins/admins-page';
import { requireAdmin } from '@/server/admins/session';

export const metadata = { title: 'Admins' };

export default async function Page() {
  if (!(await requireAdmin()).isOperator) notFound();
  return <AdminsPage />;
}
