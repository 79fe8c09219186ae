// One way to log a failure that is ours, for the doors that have no logger of their own.
/** Logs an unexpected failure by name and code only: database messages can quote personal data. */
export function logUnexpected(where: string, error: unknown): void {
  const code = (error as { code?: unknown } | undefined)?.code;
  console.error(`[${where}] unexpected failure:`, (error as Error | undefined)?.name, code ?? '');
}
