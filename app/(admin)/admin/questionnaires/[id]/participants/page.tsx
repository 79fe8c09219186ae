import { Suspense } from 'react';
import { ParticipantsPage } from '@/components/participants/participants-page';
import { SkeletonRows } from '@/components/ui/spinner';

export const metadata = { title: 'Participants' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<SkeletonRows rows={8} label="Loading participants" />}>
      <ParticipantsPage questionnaireId={id} />
    </Suspense>
  );
}
