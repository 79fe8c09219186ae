import { BlockedNumbersPage } from '@/components/blocked-numbers/blocked-numbers-page';
import { adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';
import { env } from '@/server/platform/env';

export const metadata = { title: 'Call-blocking' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Prefetch
      fallback={<SkeletonRows rows={3} label="Loading blocked numbers" />}
      queries={[adminQuery(keys.blockedNumber.list, api.blockedNumber.list, { questionnaireId: id })]}
    >
      <BlockedNumbersPage questionnaireId={id} region={env.REGION} />
    </Prefetch>
  );
}
