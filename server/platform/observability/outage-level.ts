// How loud a failure that usually heals by itself is logged: a warning while it is young (a wake listener that
// reconnects, an import worker whose job the next sweep resumes: both happen on a healthy start under load),
// an error once failures have gone on for `escalateAfterMs` without a success in between. An operator's
// error alerts then fire for what stays down, not for what recovered within seconds.
type OutageLevel = 'warn' | 'error';

export interface OutageTracker {
  /** A failure: 'warn' while the run of failures is younger than escalateAfterMs, 'error' after. */
  failed: () => OutageLevel;
  /** A success: ends the run of failures. True when there was one (worth an info line that it recovered). */
  recovered: () => boolean;
}

export function trackOutage({
  escalateAfterMs = 60_000,
  now = () => performance.now(),
}: { escalateAfterMs?: number; now?: () => number } = {}): OutageTracker {
  let since: number | null = null;
  return {
    failed: () => {
      since ??= now();
      return now() - since >= escalateAfterMs ? 'error' : 'warn';
    },
    recovered: () => {
      const wasDown = since !== null;
      since = null;
      return wasDown;
    },
  };
}
