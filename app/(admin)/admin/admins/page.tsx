import { notFound } from 'next/navigation';
import { AdminsPage } from '@/components/admins/admins-page';
import {
  adminQuery,
  adminQueryKeys as keys,
  adminQueryWithoutInput,
  Prefetch,
} from '@/components/providers/prefetch';
import { requireAdmin } from '@/server/admins/session';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Admins' };

export default async function Page() {
  if (!(await requireAdmin()).isOperator) notFound();
  return (
    <Prefetch
      fallback={<SkeletonRows rows={3} label="Loading Admins" />}
      queries={[
        adminQueryWithoutInput(keys.adminUser.list, api.adminUser.list),
        adminQueryWithoutInput(keys.questionnaire.list, api.questionnaire.list),
        adminQuery(keys.tenant.list, api.tenant.list, undefined),
      ]}
    >
      <AdminsPage />
    </Prefetch>
  );
}
