import { WebhookSettingsPage } from '@/components/webhooks/webhook-settings-page';
import { env } from '@/server/platform/env';
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
  // Read here, on the server, so that the URL hint is right in the first HTML and never changes after load.
  return (
    <WebhookSettingsPage
      questionnaireId={id}
      participantId={participantId}
      allowPrivateUrls={env.WEBHOOK_ALLOW_PRIVATE_URLS}
    />
  );
}
