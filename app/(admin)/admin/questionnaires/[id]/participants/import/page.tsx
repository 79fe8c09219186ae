import { Suspense } from 'react';
import { ParticipantImportPage } from '@/components/participants/participant-import-page';
import { SkeletonRows } from '@/components/ui/spinner';

export const metadata = { title: 'Import participants' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<SkeletonRows rows={4} label="Loading import" />}>
      <ParticipantImportPage questionnaireId={id} />
    </Suspense>
  );
}
