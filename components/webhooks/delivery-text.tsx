// How a delivery's state reads in the Admin pages, the same on the webhook page, the test-event panel and
// the participant page: past attempts and the next one, never something that reads like a countdown.
import type { WebhookDeliveryStatus } from '@/server/generated/prisma/enums.ts';
import { Time } from '@/components/ui/time';
import { useNow } from '@/components/ui/use-now';
import { nextAttemptState } from './next-attempt';

const EVENT_LABELS: Record<string, string> = {
  'result.update': 'Result update',
  'webhook.test': 'Test event',
};

export const eventLabel = (eventType: string) => EVENT_LABELS[eventType] ?? eventType;

interface DeliveryState {
  status: WebhookDeliveryStatus;
  lastStatusCode: number | null;
  lastError: string | null;
  lastDurationMs: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/**
 * "last attempt: HTTP 403 (5 ms), next at 23 Nov 2026, 10:42:05 GMT+1" (or "due since …" once that time has
 * passed), or how a finished delivery ended; times in the Admin's zone with UTC on hover.
 */
export function LastAttempt({ delivery: d }: { delivery: DeliveryState }) {
  const now = useNow();
  const answer = d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? null);
  const last = answer
    ? `last attempt: ${answer}${d.lastDurationMs !== null ? ` (${d.lastDurationMs} ms)` : ''}`
    : 'not attempted yet';
  if (d.status === 'succeeded')
    return (
      <>
        {last}, accepted <Time value={d.deliveredAt} seconds />
      </>
    );
  if (d.status === 'pending' && d.nextAttemptAt)
    return nextAttemptState(d.nextAttemptAt, now) === 'ahead' ? (
      <>
        {last}, next at <Time value={d.nextAttemptAt} seconds />
      </>
    ) : (
      <>
        {last}, due since <Time value={d.nextAttemptAt} seconds /> (waiting to be sent)
      </>
    );
  if (d.status === 'failed') return <>{last}, no more retries</>;
  return <>{last}</>;
}
