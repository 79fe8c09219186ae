import { ParticipantImportPage } from '@/components/participants/participant-import-page';
import { addressParams, adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Import participants' };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const input = { questionnaireId: id };
  // The import the address names (?import=, read as the page's useSearchParams reads it), and the recent ones.
  const importId = addressParams(await searchParams).get('import');
  return (
    <Prefetch
      fallback={<SkeletonRows rows={4} label="Loading import" />}
      queries={[
        adminQuery(keys.participantImport.list, api.participantImport.list, input),
        ...(importId
          ? [adminQuery(keys.participantImport.get, api.participantImport.get, { ...input, importId })]
          : []),
      ]}
    >
      <ParticipantImportPage questionnaireId={id} />
    </Prefetch>
  );
}
