import { BlockedNumbersPage } from '@/components/blocked-numbers/blocked-numbers-page';
import { env } from '@/server/platform/env';

export const metadata = { title: 'Call-blocking' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BlockedNumbersPage questionnaireId={id} region={env.REGION} />;
}
