import type { Db } from '@/server/platform/db/client';

/** How long readiness (and the Admin pages' outage gate) waits for the database's answer. */
const HEALTH_TIMEOUT_MS = 2_000;

/** True when the database answers a trivial query within `timeoutMs`. */
async function isDatabaseReachable(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = db.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The same (within two seconds unless told), and false as well when the database cannot even be opened. */
export async function databaseAnswers(db: () => Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  try {
    return await isDatabaseReachable(db(), timeoutMs);
  } catch {
    return false;
  }
}
