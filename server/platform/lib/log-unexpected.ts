// The one way a door logs a failure that is ours (the REST door, the machine doors, sign-in): `where` first,
// then the error.
import { failureFields, logger } from '@/server/platform/observability/logger';

/** Logs an unexpected failure: its name, code and message, its stack at debug (failureFields). */
export function logUnexpected(where: string, error: unknown): void {
  logger.error({ ...failureFields(error), where }, 'unexpected failure');
}
