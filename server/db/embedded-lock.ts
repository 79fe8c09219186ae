// Only one process may open a PGlite data directory: a second one would corrupt it. Whoever opens it
// (the server, the CLI, the migration runner) holds a lock next to it for as long as it is open.
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

/** Takes the lock on a PGlite data directory; returns the function that releases it. */
export function lockEmbeddedDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
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
