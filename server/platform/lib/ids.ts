// Identifiers. Every id the service issues is a random v4 UUID stored lower-case; ids that arrive from outside
// (paths, bodies, query strings, CLI options) are checked against this one shape before they are looked up.
// zod schemas that reject a malformed id as an input error use zod's own z.uuid() (RFC 9562, stricter).

/** Any 8-4-4-4-12 hex UUID, upper or lower case (ids are stored lower-case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
