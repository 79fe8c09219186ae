// The one way a door logs a failure that is ours (the REST door, the machine doors, sign-in): `where` first,
// then the error.
import { failureFields, logger } from '@/server/observability/logger';

/** Logs an unexpected failure by name and code only: database messages can quote personal data. */
export function logUnexpected(where: string, error: unknown): void {
  logger.error({ ...failureFields(error), where }, 'unexpected failure');
}
