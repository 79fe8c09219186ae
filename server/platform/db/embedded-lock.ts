// Only one process may open a PGlite data directory: a second one would corrupt it. Whoever opens it
// (the server, the CLI, the migration runner) holds a lock next to it for as long as it is open. The directory
// holds every participant's personal data and the key hashes: it, and the parents created for it (./data),
// are private to the service's user (0700), like PostgreSQL's own data directory.
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class EmbeddedDatabaseBusyError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The embedded database at ${dataDir} is in use by another process (probably the running server): ` +
        'stop it first, or point DATABASE_URL at PostgreSQL.',
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

/** Owner-only: read, write and enter for the service's user, nothing for anyone else. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates the data directory and its missing parents owner-only; one made earlier with a wider mode (before
 * this rule) is narrowed. Its files need no mode of their own: nobody else can enter the directory.
 */
function ensurePrivateDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Takes the lock on a PGlite data directory (created private when new); returns the function that releases it. */
export function lockEmbeddedDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  ensurePrivateDataDir(dir);
  try {
    // The holder refreshes the lock every 5 s; a lock not refreshed for 15 s belongs to a dead process.
    const release = lockfile.lockSync(dir, { stale: 15_000, update: 5_000, realpath: false });
    let released = false;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      try {
        release();
      } catch {
        // Already released or compromised: nothing left to free.
      }
    };
    process.once('exit', releaseOnce);
    return releaseOnce;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new EmbeddedDatabaseBusyError(dataDir);
    throw error;
  }
}
