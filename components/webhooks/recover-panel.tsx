'use client';
// "Re-enable and send what was missed since …": shown while the webhook is disabled or has deliveries that
// gave up. The time defaults to when it was disabled or the oldest delivery gave up, whichever came first; the recovery
// (server/webhooks/recovery.ts) enables it again and queues each missed delivery once, oldest first.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { countOf } from '@/components/ui/format';
import { useTimeZoneName } from '@/components/ui/time';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { toastUnlessSinceError, useSinceField } from './use-since-field';

/** One recovery's answer: how many it queued, and whether more remain for the next one. */
interface Recovered {
  queued: number;
  hasMore: boolean;
}

export function RecoverPanel({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  const state = useQuery(trpc.webhook.recoveryState.queryOptions({ questionnaireId }));
  // Kept after the recovery, when there may be nothing left to recover and the form is gone.
  const [queued, setQueued] = useState<Recovered | null>(null);
  const data = state.data;
  const needed = !!data && (data.disabledAt !== null || data.failedCount > 0);
  // The earlier of the two: the deliveries that made it disabled gave up before it was.
  const from = [data?.disabledAt, data?.firstFailedAt].filter((t) => !!t).sort()[0] ?? null;
  return (
    <>
      {queued !== null && (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200">
          Recovery: {countOf(queued.queued, 'missed delivery', 'missed deliveries')} queued.
          {queued.hasMore &&
            ' More remain (one recovery queues a bounded number): send again to queue the next ones.'}
        </p>
      )}
      {needed && (
        <RecoverForm
          // Remounted with a new default when what it recovers from changes.
          key={from ?? 'now'}
          questionnaireId={questionnaireId}
          disabled={data.disabledAt !== null}
          failedCount={data.failedCount}
          defaultSince={from ? new Date(from) : new Date()}
          onQueued={setQueued}
        />
      )}
    </>
  );
}

function RecoverForm({
  questionnaireId,
  disabled,
  failedCount,
  defaultSince,
  onQueued,
}: {
  questionnaireId: string;
  disabled: boolean;
  failedCount: number;
  defaultSince: Date;
  onQueued: (answer: Recovered) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const field = useSinceField(() => defaultSince);
  const recover = useFormMutation(
    trpc.webhook.recover.mutationOptions({
      onSuccess: async (answer) => {
        onQueued(answer);
        toast.success(
          `Webhook enabled: ${countOf(answer.queued, 'missed delivery', 'missed deliveries')} queued`,
        );
        await queryClient.invalidateQueries(trpc.webhook.pathFilter());
      },
      onError: toastUnlessSinceError,
    }),
  );
  // The field is a wall-clock time in the browser's zone: its label names it.
  const zone = useTimeZoneName();
  function submit(event: FormEvent) {
    event.preventDefault();
    const since = field.chosen();
    if (since) recover.submit({ questionnaireId, since });
  }
  return (
    <Card
      title="Re-enable and send what was missed since …"
      description={
        (disabled ? 'The webhook is disabled. ' : '') +
        (failedCount > 0
          ? `${countOf(failedCount, 'delivery', 'deliveries')} gave up after every retry. `
          : '') +
        'Recovering enables the webhook and queues, once each and oldest first, every delivery that gave up ' +
        'and every result published while it was disabled, since the time you choose. Deliveries that gave ' +
        'up keep their webhook-id, so your endpoint can tell them apart from new ones.'
      }
    >
      <form onSubmit={submit} noValidate aria-label="Recover missed deliveries">
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label={`Send what was missed since (${zone ?? 'UTC'})`}
            type="datetime-local"
            value={field.since}
            onChange={(e) => field.setSince(e.target.value)}
            error={field.errorOf(recover.error)}
            className="min-w-60"
          />
          <Button type="submit" loading={recover.busy}>
            {disabled ? 'Re-enable and send' : 'Send what was missed'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
