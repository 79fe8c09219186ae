import { WebhookSettingsPage } from '@/components/webhooks/webhook-settings-page';
import { isUuid } from '@/server/platform/lib/ids';

export const metadata = { title: 'Webhook' };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ participant?: string | string[] }>;
}) {
  const { id } = await params;
  const { participant } = await searchParams;
  const participantId = typeof participant === 'string' && isUuid(participant) ? participant : undefined;
  return <WebhookSettingsPage questionnaireId={id} participantId={participantId} />;
}
