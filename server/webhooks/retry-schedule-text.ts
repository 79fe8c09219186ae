// The retry schedule in words, for the OpenAPI descriptions, rendered from the one constant (retry-schedule.ts).
import { JITTER, RETRY_DELAYS_MS } from '@/server/webhooks/retry-schedule';

const human = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

/** "retries 5 s, 5 min, …, 10 h after the failed attempts, each up to 10 % later". */
export const RETRY_SCHEDULE_TEXT = `retries ${RETRY_DELAYS_MS.map(human).join(', ')} after the failed attempts, each up to ${JITTER * 100} % later`;
