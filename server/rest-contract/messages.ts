// The REST contract's own messages, each written once: the spec's validation messages of the request bodies
// and paths (byte for byte, interface-spec.md "Errors"), our extensions' ones, and what the door answers
// before any operation is known. The schemas, the procedures and the door throw them; the error catalogue
// lists them. It imports nothing, so any domain can import it without a cycle (the schemas import the
// domains, so a domain could not import its messages from there).
export const REST_MESSAGES = {
  invalidCursor: 'Invalid cursor',
  projectRequired: 'project_uuid is required',
  projectFormat: 'Invalid project_uuid format',
  participantUuidFormat: 'Invalid participant_uuid format',
  participantIdFormat: 'Invalid participant_id format',
  outcomeTsFormat: 'Invalid outcome_ts format. Use RFC3339 format (e.g., 2024-01-15T10:30:00Z)',
  outcomeRequired: 'outcome is required',
  keyNameRequired: 'key_name is required and cannot be null or empty',
  scopeRequired: 'scope is required and cannot be null or empty',
  apiKeyValueRequired: 'API key value is required (path parameter missing or empty)',
  expiresAtFormat: 'expires_at must be an RFC 3339 date-time, e.g. 2027-01-31T00:00:00Z',
} as const;

/** What the door answers before any operation is known. */
export const DOOR_MESSAGES = {
  endpointNotFound: 'Endpoint not found',
  methodNotAllowed: (method: string, allowed: readonly string[]) =>
    `Method ${method} is not allowed here; use ${allowed.join(' or ')}`,
} as const;

/** A page size out of range, for a list whose pages hold at most `max` items. */
export const limitRangeMessage = (max: number) => `limit must be a whole number from 1 to ${max}`;
