// Start-up's first contact with PostgreSQL, bounded: a database that accepts the connection but never answers
// (a stuck proxy, a firewall that drops packets) stops start-up with one line instead of a silent hang.
import pg from 'pg';

/** Resolves once the database answers `SELECT 1`; rejects with a one-line message naming it otherwise. */
export async function waitForDatabase(url: string, timeoutMs: number): Promise<void> {
  if (url.startsWith('pglite:')) return;
  const where = describeDatabase(url);
  const silent = `the database at ${where} did not answer within ${timeoutMs / 1000} s (DATABASE_CONNECT_TIMEOUT_MS)`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(silent)), timeoutMs);
  });
  try {
    await Promise.race([client.connect().then(() => client.query('SELECT 1')), timedOut]);
  } catch (error) {
    const message = (error as Error).message;
    if (message === silent || /timeout/i.test(message)) throw new Error(silent);
    throw new Error(`the database at ${where} could not be reached: ${message}`);
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => undefined);
  }
}

/** host:port/name, never the credentials. */
function describeDatabase(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}${pathname}`;
}
