import type { Db } from '@/server/db/client';

const HEALTH_TIMEOUT_MS = 2_000;

/** True when the database answers a trivial query within two seconds. */
async function isDatabaseReachable(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
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

/** The same, and false as well when the database cannot even be opened. */
export async function databaseAnswers(db: () => Db): Promise<boolean> {
  try {
    return await isDatabaseReachable(db());
  } catch {
    return false;
  }
}
