import { WebhookSettingsPage } from '@/components/webhooks/webhook-settings-page';
import { deliveryLogInput } from '@/components/webhooks/delivery-log-input';
import {
  adminInfiniteQuery,
  adminQuery,
  adminQueryKeys as keys,
  Prefetch,
} from '@/components/providers/prefetch';
import { Loading } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';
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
  const input = { questionnaireId: id };
  // What the page shows as it opens: the webhook, then what it shows only once there is one (the recovery
  // panel, the delivery log's first page, and while disabled the results missed meanwhile). The signing
  // secret is not among them: it is revealed on a click, each reveal audited (webhook.revealSecret).
  return (
    <Prefetch
      fallback={<Loading label="Loading webhook settings" />}
      queries={[
        adminQuery(keys.webhook.get, api.webhook.get, input, (webhook) =>
          webhook
            ? [
                adminQuery(keys.webhook.recoveryState, api.webhook.recoveryState, input),
                adminInfiniteQuery(
                  keys.webhook.deliveries,
                  api.webhook.deliveries,
                  deliveryLogInput(id, participantId, false),
                ),
                ...(webhook.active
                  ? []
                  : [adminQuery(keys.webhook.missedWhilePaused, api.webhook.missedWhilePaused, input)]),
              ]
            : [],
        ),
        adminQuery(keys.webhook.removal, api.webhook.removal, input),
      ]}
    >
      {/* Read here, on the server, so that the URL hint is right in the first HTML and never changes after load. */}
      <WebhookSettingsPage
        questionnaireId={id}
        participantId={participantId}
        allowPrivateUrls={env.WEBHOOK_ALLOW_PRIVATE_URLS}
      />
    </Prefetch>
  );
}
