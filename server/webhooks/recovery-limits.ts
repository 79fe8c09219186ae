// What a webhook recovery promises callers, in one place for the service (server/webhooks/recovery.ts),
// the OpenAPI document and the customer guide: how much one call queues, and the refusal of an Admin's pause.

export interface RecoveryLimits {
  /** Missed items one transaction queues at most. */
  batchSize: number;
  /** Transactions one call runs at most; what is left waits for the next call. */
  batchesPerCall: number;
}

/** 200 items are a few hundred short statements: each transaction holds its locks for well under a second. */
export const RECOVERY_LIMITS: RecoveryLimits = { batchSize: 200, batchesPerCall: 10 };

/** The refusal when a caller that may not lift an Admin's pause (an API key) asks to recover. */
export const PAUSED_BY_ADMIN =
  'The webhook was paused by an Admin: only an Admin can enable it again, nothing was queued';
