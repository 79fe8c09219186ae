import { ApiKeysPage } from '@/components/api-keys/api-keys-page';
import { adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'API keys' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Prefetch
      fallback={<SkeletonRows rows={3} label="Loading keys" />}
      queries={[adminQuery(keys.apiKey.list, api.apiKey.list, { questionnaireId: id })]}
    >
      <ApiKeysPage questionnaireId={id} />
    </Prefetch>
  );
}
