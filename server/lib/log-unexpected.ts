// One way to log a failure that is ours, for the doors that have no logger call of their own.
import { failureFields, logger } from '@/server/observability/logger';

/** Logs an unexpected failure by name and code only: database messages can quote personal data. */
export function logUnexpected(where: string, error: unknown): void {
  logger.error({ ...failureFields(error), where }, 'unexpected failure');
}
