'use client';
// The questionnaire's webhook: endpoint and authentication, signing secret, test event, on/off, and the
// delivery log.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/components/ui/errors';
import { countOf } from '@/components/ui/format';
import { Time } from '@/components/ui/time';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { Loading } from '@/components/ui/spinner';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { DeliveryLog } from './delivery-log';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { EndpointHealthNotice } from './endpoint-health-notice';
import { LastAttempt } from './delivery-text';
import { RecoverPanel } from './recover-panel';
import { SigningSecretPanel } from './signing-secret-panel';
import { WebhookRemoval } from './webhook-removal';
import { WebhookSettingsForm } from './webhook-settings-form';

export function WebhookSettingsPage({
  questionnaireId,
  participantId,
  allowPrivateUrls,
}: {
  questionnaireId: string;
  /** Shows only this participant's deliveries in the log. */
  participantId?: string;
  /** The deployment's WEBHOOK_ALLOW_PRIVATE_URLS: the URL rule saving will check. */
  allowPrivateUrls: boolean;
}) {
  const trpc = useTRPC();
  const webhook = useQuery(trpc.webhook.get.queryOptions({ questionnaireId }));
  const [createdSecret, setCreatedSecret] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        level={2}
        title="Result webhook"
        description="When a participant's result is published or updated, we POST it to your endpoint, signed, and retry until it is accepted."
        actions={webhook.data && <StatusBadge active={webhook.data.active} />}
      />
      {webhook.isPending ? (
        <Loading label="Loading webhook settings" />
      ) : webhook.isError ? (
        <QueryError error={webhook.error} onRetry={() => void webhook.refetch()} />
      ) : (
        <>
          {webhook.data && <EndpointHealthNotice health={webhook.data.health} />}
          {webhook.data && !webhook.data.active && (
            <DisabledNotice
              questionnaireId={questionnaireId}
              disabledAt={webhook.data.disabledAt}
              reason={webhook.data.disabledReason}
            />
          )}
          {webhook.data && <RecoverPanel questionnaireId={questionnaireId} />}
          <WebhookSettingsForm
            // A new webhook (created here, or after a removal) starts the form again; a refetch never does,
            // so what is typed stays and a change made elsewhere meanwhile refuses the save.
            key={webhook.data?.id ?? 'new'}
            questionnaireId={questionnaireId}
            webhook={webhook.data}
            allowPrivateUrls={allowPrivateUrls}
            onCreated={setCreatedSecret}
          />
          {webhook.data && (
            <>
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                <SigningSecretPanel
                  key={createdSecret ?? 'secret'}
                  questionnaireId={questionnaireId}
                  previousSecretExpiresAt={webhook.data.previousSecretExpiresAt}
                  justCreatedSecret={createdSecret}
                />
                <TestEventPanel questionnaireId={questionnaireId} active={webhook.data.active} />
              </div>
              <DeliveryLog
                questionnaireId={questionnaireId}
                participantId={participantId}
                canReplay={webhook.data.active}
              />
              {webhook.data.active && <DisablePanel questionnaireId={questionnaireId} />}
            </>
          )}
          <WebhookRemoval questionnaireId={questionnaireId} webhook={webhook.data} />
        </>
      )}
    </div>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'red'}>{active ? 'Enabled' : 'Disabled'}</Badge>;
}

function useSetActive(questionnaireId: string, onDone?: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useFormMutation(
    trpc.webhook.setActive.mutationOptions({
      onSuccess: async (view) => {
        toast.success(
          !view.active
            ? 'Webhook disabled'
            : view.resent
              ? `Webhook enabled: ${countOf(view.resent, 'result')} published while paused ${view.resent === 1 ? 'is' : 'are'} being sent`
              : 'Webhook enabled: waiting deliveries are sent now',
        );
        onDone?.();
        await queryClient.invalidateQueries(trpc.webhook.pathFilter());
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
}

function DisabledNotice({
  questionnaireId,
  disabledAt,
  reason,
}: {
  questionnaireId: string;
  disabledAt: string | null;
  reason: string | null;
}) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState(false);
  const enable = useSetActive(questionnaireId, () => setAsking(false));
  const missed = useQuery(trpc.webhook.missedWhilePaused.queryOptions({ questionnaireId }));
  const missedCount = missed.data?.count ?? 0;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
    >
      <p className="min-w-0 break-words">
        <span className="font-semibold">Deliveries are paused</span> since <Time value={disabledAt} />
        {reason ? `: ${reason}.` : '.'} New results are not queued; deliveries already queued wait and are
        sent once the webhook is enabled.
        {missedCount > 0 && ` ${countOf(missedCount, 'result was', 'results were')} published meanwhile.`}
      </p>
      <Button
        onClick={() => (missedCount > 0 ? setAsking(true) : enable.submit({ questionnaireId, active: true }))}
        loading={enable.busy && !asking}
      >
        Enable webhook
      </Button>
      <ConfirmDialog
        open={asking}
        tone="primary"
        title={`Send the ${countOf(missedCount, 'result')} published while paused?`}
        confirmLabel={`Enable and send ${countOf(missedCount, 'result')}`}
        cancelLabel="Enable without sending"
        busy={enable.busy}
        onCancel={() => enable.submit({ questionnaireId, active: true })}
        onDismiss={() => setAsking(false)}
        onConfirm={() => enable.submit({ questionnaireId, active: true, sendMissed: true })}
      >
        Your endpoint was not told about them. Sending queues the latest version of each result; not sending
        leaves them unsent (you can still publish them again one by one).
      </ConfirmDialog>
    </div>
  );
}

function DisablePanel({ questionnaireId }: { questionnaireId: string }) {
  const [confirming, setConfirming] = useState(false);
  const disable = useSetActive(questionnaireId, () => setConfirming(false));
  return (
    <Card title="Pause deliveries" description="While disabled, no new results are queued for this webhook.">
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Disable webhook
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Disable the webhook?"
        confirmLabel="Disable webhook"
        busy={disable.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => disable.submit({ questionnaireId, active: false })}
      >
        Results published while it is disabled are not sent to your endpoint. Deliveries already queued wait
        until you enable it again.
      </ConfirmDialog>
    </Card>
  );
}

function TestEventPanel({ questionnaireId, active }: { questionnaireId: string; active: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const send = useFormMutation(
    trpc.webhook.sendTest.mutationOptions({
      onSuccess: async (delivery) => {
        const attempt = delivery.attempts[0];
        if (delivery.status === 'succeeded') {
          toast.success(`Test event delivered (HTTP ${attempt?.statusCode ?? ''})`);
        } else {
          toast.error(`Test event not accepted: ${delivery.lastError ?? 'no answer yet'}`);
        }
        await queryClient.invalidateQueries(trpc.webhook.deliveries.pathFilter());
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const result = send.data;
  return (
    <Card
      title="Test event"
      description="Sends a signed sample result with callback_type “Test”, at once, and shows what your endpoint answered."
    >
      <div className="space-y-3">
        <Button
          onClick={() => send.submit({ questionnaireId })}
          loading={send.busy}
          disabled={!active}
          variant="secondary"
        >
          Send test event
        </Button>
        {result && (
          <div role="status" className="space-y-1 text-sm">
            <p className="flex items-center gap-2">
              <DeliveryStatusBadge status={result.status} retrying={!!result.lastError} />
              <span className="text-slate-700">
                <LastAttempt delivery={result} />
              </span>
            </p>
            <p className="text-xs text-slate-500">
              webhook-id <code>{result.messageId}</code>
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
