import { notFound } from 'next/navigation';
import { TenantsPage } from '@/components/tenants/tenants-page';
import { adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { requireAdmin } from '@/server/admins/session';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Tenants' };

export default async function Page() {
  if (!(await requireAdmin()).isOperator) notFound();
  return (
    // The list as it opens: without archived tenants.
    <Prefetch
      fallback={<SkeletonRows rows={3} label="Loading tenants" />}
      queries={[adminQuery(keys.tenant.list, api.tenant.list, { archived: false })]}
    >
      <TenantsPage />
    </Prefetch>
  );
}
