import { ParticipantDetail } from '@/components/participants/participant-detail';
import { adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { pageRefusal } from '@/server/doors/admin/caller-refusals';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Participant' };

export default async function Page({ params }: { params: Promise<{ id: string; participantId: string }> }) {
  const { id, participantId } = await params;
  const input = { questionnaireId: id, participantId };
  // An unknown participant (or one of another questionnaire) is the 404 page with status 404; the record read
  // for that check is the one the page shows.
  const participant = api.participant.get(input);
  await participant.catch(pageRefusal);
  return (
    <Prefetch
      fallback={<SkeletonRows label="Loading participant" />}
      queries={[
        adminQuery(keys.participant.get, () => participant, input),
        adminQuery(keys.webhook.results, api.webhook.results, input),
      ]}
    >
      <ParticipantDetail questionnaireId={id} participantId={participantId} />
    </Prefetch>
  );
}
