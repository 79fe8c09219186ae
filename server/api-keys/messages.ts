// What the REST door and the API-key endpoints say about Idempotency-Key, beyond the spec's messages.

/** Idempotency-Key on an operation that does not honour it: refused, never silently ignored. */
export const idempotencyNotSupportedMessage = (operation: string) =>
  `Idempotency-Key is not supported on ${operation}: send it with POST and PUT requests only (a GET or DELETE ` +
  'can be repeated as it is)';

/**
 * A key-creation request repeated with its Idempotency-Key: the key exists, but its value is shown only once,
 * so the first answer is not replayed.
 */
export const keyAlreadyCreatedMessage = (keyId: string) =>
  `An API key was already created with this Idempotency-Key (id ${keyId}); its value is shown only once. If ` +
  'that answer was lost, delete this key and create a new one with a new Idempotency-Key';
