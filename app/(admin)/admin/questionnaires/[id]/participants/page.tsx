import { ParticipantsPage } from '@/components/participants/participants-page';
import { readParticipantListAddress } from '@/components/participants/participant-list-address';
import { addressParams, adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Participants' };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  // The list reads its filter and place from the address (useSearchParams, inside <Prefetch>'s Suspense
  // boundary): the same reader over the same address gives the inputs the browser asks for.
  const { listInput, countInput, optionsInput } = readParticipantListAddress(
    id,
    addressParams(await searchParams),
  );
  return (
    <Prefetch
      fallback={<SkeletonRows rows={8} label="Loading participants" />}
      queries={[
        adminQuery(keys.participant.list, api.participant.list, listInput),
        adminQuery(keys.participant.count, api.participant.count, countInput),
        adminQuery(keys.participant.filterOptions, api.participant.filterOptions, optionsInput),
      ]}
    >
      <ParticipantsPage questionnaireId={id} />
    </Prefetch>
  );
}
