'use client';
// Deliveries of the questionnaire (or of one participant), newest first: status, attempts with their
// response, replay one, and replay every failed one since a chosen time.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { RowActions, rowActionsCell } from '@/components/ui/row-actions';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/components/ui/errors';
import { TextField } from '@/components/ui/field';
import { Time, TimeZoneNote, useTimeZoneName } from '@/components/ui/time';
import { toastUnlessSinceError, useSinceField } from './use-since-field';
import { QueryError } from '@/components/ui/query-error';
import { Loading, SkeletonRows } from '@/components/ui/spinner';
import { deliveryLogInput } from './delivery-log-input';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { eventLabel, LastAttempt } from './delivery-text';

const cell = 'px-4 py-2.5 sm:px-5';

export function DeliveryLog({
  questionnaireId,
  participantId,
  canReplay = true,
}: {
  questionnaireId: string;
  participantId?: string;
  /** False while the webhook is disabled: replays would only wait. */
  canReplay?: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [failedOnly, setFailedOnly] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const filterId = useId();
  const input = deliveryLogInput(questionnaireId, participantId, failedOnly);
  const deliveries = useInfiniteQuery(
    trpc.webhook.deliveries.infiniteQueryOptions(input, {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      refetchInterval: 5_000,
    }),
  );
  const refresh = () => queryClient.invalidateQueries(trpc.webhook.deliveries.pathFilter());
  const replay = useFormMutation(
    trpc.webhook.replay.mutationOptions({
      onSuccess: async (delivery) => {
        toast.success(
          delivery.attemptCount > 0
            ? 'Retrying now: the delivery is sent within a few seconds'
            : 'Delivery queued again: it is sent within a few seconds',
        );
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card
      title={participantId ? 'Webhook deliveries of this participant' : 'Delivery log'}
      description={
        <>
          Every attempt is recorded with its status code, duration and the start of the response.{' '}
          <TimeZoneNote />
        </>
      }
      actions={
        <div className="flex items-center gap-2">
          <input
            id={filterId}
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
            checked={failedOnly}
            onChange={(e) => setFailedOnly(e.target.checked)}
          />
          <label htmlFor={filterId} className="text-sm text-slate-700">
            Failed only
          </label>
        </div>
      }
    >
      <div className="space-y-4">
        {canReplay && !participantId && (
          <ReplayFailedForm questionnaireId={questionnaireId} onDone={refresh} />
        )}
        {deliveries.isPending ? (
          <SkeletonRows rows={4} label="Loading deliveries" />
        ) : deliveries.isError ? (
          <QueryError error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={failedOnly ? 'No failed deliveries' : 'No deliveries yet'}>
            {failedOnly
              ? 'No delivery gave up or is waiting to retry: every one reached the endpoint or is on its first try.'
              : 'Results published for participants appear here, as does the test event.'}
          </EmptyState>
        ) : (
          <div className="relative -mx-4 overflow-x-auto sm:-mx-5">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Webhook deliveries</caption>
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {['Status', 'Event', 'Participant', 'Created', 'Attempts', 'Last attempt'].map((h) => (
                    <th key={h} scope="col" className="whitespace-nowrap px-4 py-2 font-medium sm:px-5">
                      {h}
                    </th>
                  ))}
                  <th scope="col" className={rowActionsCell}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((d) => (
                  <Fragment key={d.id}>
                    <tr>
                      <td className={cell}>
                        <DeliveryStatusBadge status={d.status} retrying={!!d.lastError} />
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>
                        {eventLabel(d.eventType)}
                        <code className="block text-xs text-slate-500" title="webhook-id">
                          {d.messageId}
                        </code>
                        {d.requestId && (
                          <code
                            className="block text-xs text-slate-500"
                            title="X-Request-Id of the request that published the result"
                          >
                            Request {d.requestId}
                          </code>
                        )}
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>
                        {d.participantId && d.participantIrn ? (
                          <Link
                            href={`/admin/questionnaires/${questionnaireId}/participants/${d.participantId}`}
                            className="text-brand-700 hover:underline"
                          >
                            {d.participantIrn}
                          </Link>
                        ) : (
                          <span className="text-slate-400">—</span>
                        )}
                      </td>
                      <td className={`${cell} whitespace-nowrap text-slate-600`}>
                        <Time value={d.createdAt} seconds />
                      </td>
                      <td className={cell}>{d.attemptCount}</td>
                      <td className={`${cell} min-w-[14rem] break-words text-slate-600`}>
                        <LastAttempt delivery={d} />
                      </td>
                      <td className={rowActionsCell}>
                        <RowActions
                          label={`delivery ${d.messageId}`}
                          actions={[
                            {
                              label: open === d.id ? 'Hide attempts' : 'Show attempts',
                              onSelect: () => setOpen(open === d.id ? null : d.id),
                            },
                            ...(canReplay && (d.status !== 'pending' || d.lastError)
                              ? [
                                  {
                                    label: d.status === 'pending' ? 'Retry now' : 'Replay',
                                    disabled: replay.busy,
                                    onSelect: () => replay.submit({ questionnaireId, deliveryId: d.id }),
                                  },
                                ]
                              : []),
                          ]}
                        />
                      </td>
                    </tr>
                    {open === d.id && (
                      <tr>
                        <td colSpan={7} className="bg-slate-50 px-4 py-3 sm:px-5">
                          <DeliveryAttempts questionnaireId={questionnaireId} deliveryId={d.id} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {deliveries.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => void deliveries.fetchNextPage()}
            loading={deliveries.isFetchingNextPage}
          >
            Show older deliveries
          </Button>
        )}
      </div>
    </Card>
  );
}

function DeliveryAttempts({ questionnaireId, deliveryId }: { questionnaireId: string; deliveryId: string }) {
  const trpc = useTRPC();
  const delivery = useQuery(trpc.webhook.delivery.queryOptions({ questionnaireId, deliveryId }));
  if (delivery.isPending) return <Loading label="Loading attempts" />;
  if (delivery.isError) return <QueryError error={delivery.error} onRetry={() => void delivery.refetch()} />;
  const { attempts, payload } = delivery.data;
  return (
    <div className="space-y-3">
      {attempts.length === 0 ? (
        <p className="text-sm text-slate-600">Not attempted yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Attempts, newest first">
          {attempts.map((a) => (
            <li key={a.id} className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                <span className="font-medium text-slate-900">
                  {a.statusCode !== null ? `HTTP ${a.statusCode}` : 'No response'}
                </span>
                <span className="text-slate-600">
                  <Time value={a.attemptedAt} seconds />
                </span>
                <span className="text-slate-600">{a.durationMs} ms</span>
              </div>
              {a.error && <p className="mt-1 text-red-700">{a.error}</p>}
              {a.responseSnippet && (
                <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-700">
                  {a.responseSnippet}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Payload</summary>
        <pre className="mt-2 max-h-72 overflow-auto rounded bg-white p-3 text-xs text-slate-800 ring-1 ring-slate-200">
          {JSON.stringify(payload, null, 2)}
        </pre>
      </details>
    </div>
  );
}

function ReplayFailedForm({
  questionnaireId,
  onDone,
}: {
  questionnaireId: string;
  onDone: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const field = useSinceField(() => new Date(Date.now() - 24 * 3_600_000));
  const replayAll = useFormMutation(
    trpc.webhook.replayFailedSince.mutationOptions({
      onSuccess: async ({ count }) => {
        toast.success(
          count === 0
            ? 'No failed deliveries since then'
            : `${count} failed deliver${count === 1 ? 'y' : 'ies'} queued again`,
        );
        await onDone();
      },
      onError: toastUnlessSinceError,
    }),
  );
  // The field is a wall-clock time in the browser's zone: its label names it.
  const zone = useTimeZoneName();
  function submit(event: FormEvent) {
    event.preventDefault();
    const since = field.chosen();
    if (since) replayAll.submit({ questionnaireId, since });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Replay failed deliveries"
      className="flex flex-wrap items-end gap-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <TextField
        label={`Replay failed deliveries (gave up or retrying) created since (${zone ?? 'UTC'})`}
        type="datetime-local"
        value={field.since}
        onChange={(e) => field.setSince(e.target.value)}
        error={field.errorOf(replayAll.error)}
        className="min-w-60"
      />
      <Button type="submit" variant="secondary" loading={replayAll.busy}>
        Replay failed
      </Button>
    </form>
  );
}
