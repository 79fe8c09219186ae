import { ParticipantDetail } from '@/components/participants/participant-detail';
import { pageRefusal } from '@/server/doors/admin/caller-refusals';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Participant' };

export default async function Page({ params }: { params: Promise<{ id: string; participantId: string }> }) {
  const { id, participantId } = await params;
  // An unknown participant (or one of another questionnaire) is the 404 page with status 404.
  await api.participant.get({ questionnaireId: id, participantId }).catch(pageRefusal);
  return <ParticipantDetail questionnaireId={id} participantId={participantId} />;
}
