// The retry schedule in words, for the OpenAPI descriptions, rendered from the one constant (retry-schedule.ts).
import { JITTER, RETRY_DELAYS_MS } from '@/server/webhooks/retry-schedule';

const human = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

/** "5 s, 5 min, …, 10 h after the failed attempts, each ±20 %". */
export const RETRY_SCHEDULE_TEXT = `retries ${RETRY_DELAYS_MS.map(human).join(', ')} after the failed attempts, each ±${JITTER * 100} %`;
