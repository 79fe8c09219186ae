// The API-key messages of the REST API and the services, each written once: the authentication answers of
// both of the spec's error tables and the key endpoints' refusals (their request checks are in
// rest-contract/messages.ts). It imports nothing, so any module can import it without a cycle.
export const API_KEY_MESSAGES = {
  /** The create-key refusal of the spec, also used when a key asks for a scope it does not hold. */
  notAuthorized: 'You are not authorized to perform this operation',
  keyNotFound: 'API key not found or Invalid tenant for this questionnaire',
  bothScopeFields: 'Send either scopes or permissions, not both',
  expiryInPast: 'expires_at must be in the future',
} as const;

/** The messages one group of endpoints uses (the spec words them differently per table). */
export interface AuthMessages {
  missing: string;
  invalid: string;
  /** The key lacks the scope the endpoint needs. */
  forbidden: string;
}

export const PARTICIPANT_AUTH: AuthMessages = {
  missing: 'API key is required',
  invalid: 'Invalid API key',
  forbidden: 'Invalid API key scope',
};

/** The API-key table names only the missing header differently. */
export const API_KEY_AUTH: AuthMessages = {
  ...PARTICIPANT_AUTH,
  missing: 'Authorization header is required',
};

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
