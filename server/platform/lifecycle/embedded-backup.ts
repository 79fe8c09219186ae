// Backup and restore of the embedded database (PGlite). A backup is PGlite's own dump of its data directory
// (a gzipped tar of a cleanly checkpointed cluster), so it restores to exactly the same database: the same
// rows, the same API key hashes, the same sealed webhook secrets (which the app secret still opens: keep
// ./data/app-secret, or NEXTAUTH_SECRET, with the backup). Consistency comes from having the directory to
// ourselves: only one process may open it, so while the server runs the backup is refused with what to do.
// PostgreSQL has its own tools (pg_dump, base backups with WAL archiving): see docs/data-lifecycle.md.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_OPTIONS, pgliteDataDir } from '@/server/platform/db/adapter';
import {
  EmbeddedDatabaseBusyError,
  lockEmbeddedDataDir,
  PRIVATE_DIR_MODE,
} from '@/server/platform/db/embedded-lock';

export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

export interface BackupSummary {
  file: string;
  bytes: number;
  participants: number;
  migrations: number;
}

async function summarise(pglite: PGlite): Promise<{ participants: number; migrations: number }> {
  const { rows } = await pglite.query<{ participants: number; migrations: number }>(
    `SELECT (SELECT count(*)::int FROM participant) AS participants,
            (SELECT count(*)::int FROM _prisma_migrations WHERE finished_at IS NOT NULL) AS migrations`,
  );
  return rows[0] ?? { participants: 0, migrations: 0 };
}

/** Writes a consistent copy of the embedded database at `url` to `outFile` (never a half-written file). */
export async function backupEmbeddedDatabase(url: string, outFile: string): Promise<BackupSummary> {
  if (!url.startsWith('pglite:') || pgliteDataDir(url).startsWith('memory://'))
    throw new BackupRefusedError(
      'db:backup copies the embedded database (DATABASE_URL=pglite:<directory>). For PostgreSQL use pg_dump or a base backup: see docs/data-lifecycle.md.',
    );
  let opened: ReturnType<typeof openPglite>;
  try {
    opened = openPglite(url);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
    throw new BackupRefusedError(
      `The embedded database at ${error.dataDir} is open in another process (probably the running server), and only one process may open it. Stop the server, run db:backup again (it takes seconds), then start the server again.`,
    );
  }
  try {
    const summary = await summarise(opened.pglite);
    const dump = await opened.pglite.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${outFile}.partial`;
    // The backup holds what the data directory holds: owner-only, as are the folders made for it.
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true, mode: PRIVATE_DIR_MODE });
    fs.writeFileSync(partial, bytes, { mode: 0o600 });
    // A .partial left by an interrupted backup keeps its old mode when overwritten.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, outFile);
    return { file: outFile, bytes: bytes.length, ...summary };
  } finally {
    await opened.close();
  }
}

/** Restores a backup into `dataDir`, which must not exist yet or be empty; returns what it holds. */
export async function restoreEmbeddedDatabase(
  backupFile: string,
  dataDir: string,
): Promise<Omit<BackupSummary, 'file'> & { dataDir: string }> {
  if (!fs.existsSync(backupFile)) throw new BackupRefusedError(`No backup file at ${backupFile}.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0)
    throw new BackupRefusedError(
      `${dataDir} is not empty: restore into a new directory, then point DATABASE_URL=pglite:<that directory> at it.`,
    );
  const bytes = fs.readFileSync(backupFile);
  const release = lockEmbeddedDataDir(dataDir);
  try {
    const pglite = await PGlite.create(dataDir, {
      ...PGLITE_OPTIONS,
      loadDataDir: new Blob([bytes]),
    });
    try {
      return { dataDir, bytes: bytes.length, ...(await summarise(pglite)) };
    } finally {
      await pglite.close();
    }
  } catch (error) {
    // Not a backup (or a damaged one): leave no half-restored directory that could be mistaken for a database.
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new BackupRefusedError(`${backupFile} could not be restored: ${(error as Error).message}`);
  } finally {
    release();
  }
}
