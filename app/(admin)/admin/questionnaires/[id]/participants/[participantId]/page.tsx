import { ParticipantDetail } from '@/components/participants/participant-detail';

export const metadata = { title: 'Participant' };

export default async function Page({ params }: { params: Promise<{ id: string; participantId: string }> }) {
  const { id, participantId } = await params;
  return <ParticipantDetail questionnaireId={id} participantId={participantId} />;
}
