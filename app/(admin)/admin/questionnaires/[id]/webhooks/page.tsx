import { WebhookSettingsPage } from '@/components/webhooks/webhook-settings-page';

export const metadata = { title: 'Webhook' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ participant?: string | string[] }>;
}) {
  const { id } = await params;
  const { participant } = await searchParams;
  const participantId = typeof participant === 'string' && UUID.test(participant) ? participant : undefined;
  return <WebhookSettingsPage questionnaireId={id} participantId={participantId} />;
}
