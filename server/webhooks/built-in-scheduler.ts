// Starts the scheduler inside the Next.js server when WEBHOOK_SCHEDULER is on (the default with the embedded
// database). Called from instrumentation.ts on the Node.js runtime.
import { env } from '@/server/env';
import { getPrisma } from '@/server/db';
import { startWebhookScheduler } from './scheduler';

export const SCHEDULER_INTERVAL_MS = 2_000;

export function startBuiltInWebhookScheduler(): void {
  if (!env.WEBHOOK_SCHEDULER) return;
  let lastError = '';
  const scheduler = startWebhookScheduler({
    db: getPrisma,
    intervalMs: SCHEDULER_INTERVAL_MS,
    onError: (error) => {
      // One line per new kind of failure (e.g. the database is briefly unreachable), not one per tick.
      const line = `${(error as Error).name}: ${(error as { code?: string }).code ?? ''}`;
      if (line !== lastError) console.error(`[webhooks] flush failed: ${line}`);
      lastError = line;
    },
    onFlush: (counts) => {
      lastError = '';
      if (counts.claimed > 0 && env.LOG_LEVEL === 'debug') console.log('[webhooks] flushed', counts);
    },
  });
  // Next.js exits on these signals itself; stopping first means no new flush starts meanwhile. A delivery
  // cut off mid-send keeps its lease and is sent again once the lease expires.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void scheduler.stop());
  console.log(`[webhooks] built-in scheduler on: flushing every ${SCHEDULER_INTERVAL_MS / 1000} s`);
}
