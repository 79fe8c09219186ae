// The AppError a call is expected to fail with, for tests of services (the doors' tests read HTTP answers).
import { AppError } from '@/server/platform/lib/errors';

/** The AppError `promise` rejects with; throws (failing the test) if it resolves or rejects otherwise. */
export async function appErrorFrom(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
