// Whether the database holds exactly this release's migrations, read from Prisma's own record of them
// (_prisma_migrations) with one plain query, so it works on every database URL (a transaction pooler too) and
// needs no schema engine. Start-up (scripts/start.ts) refuses a database that is behind (a migration of this
// release not applied: SKIP_MIGRATIONS=true before the release step ran) or ahead (a migration this release
// does not know: a newer release applied it) instead of serving 500s on a column that does not exist.
import fs from 'node:fs/promises';
import type { Db } from '@/server/platform/db/client';
import { MIGRATIONS_DIR } from './migrations-dir';

interface MigrationDifference {
  /** This release's migrations the database has not applied (completely). */
  unapplied: string[];
  /** Migrations the database applied that this release does not have. */
  unknownToThisRelease: string[];
}

/** This release's migrations: the folders of prisma/migrations, oldest first. */
async function releaseMigrations(migrationsDir: string): Promise<string[]> {
  const entries = await fs.readdir(migrationsDir, { withFileTypes: true });
  return entries
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The migrations recorded as applied (finished, not rolled back); none when the table does not exist yet. */
async function appliedMigrations(db: Db): Promise<string[]> {
  const [table] = await db.$queryRaw<{ exists: boolean }[]>`
    SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`;
  if (!table?.exists) return [];
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
    ORDER BY migration_name`;
  return rows.map((row) => row.migration_name);
}

/** How the database's applied migrations differ from this release's. */
async function compareWithRelease(
  db: Db,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<MigrationDifference> {
  const [release, applied] = await Promise.all([releaseMigrations(migrationsDir), appliedMigrations(db)]);
  const appliedSet = new Set(applied);
  const releaseSet = new Set(release);
  return {
    unapplied: release.filter((name) => !appliedSet.has(name)),
    unknownToThisRelease: [...new Set(applied)].filter((name) => !releaseSet.has(name)),
  };
}

/**
 * Why this release must not run on the database, in one line; null when it may. Unknown migrations named in
 * `acceptNewer` (ACCEPT_NEWER_MIGRATIONS: an operator rolling back on purpose) are allowed.
 */
function releaseMismatch(
  difference: MigrationDifference,
  options: { skipMigrations: boolean; acceptNewer?: string[] },
): string | null {
  const accepted = new Set(options.acceptNewer ?? []);
  const unknown = difference.unknownToThisRelease.filter((name) => !accepted.has(name));
  const { unapplied } = difference;
  const problems: string[] = [];
  if (unapplied.length)
    problems.push(
      `the database is behind this release: ${count(unapplied, 'migration')} not applied: ${unapplied.join(', ')} ` +
        (options.skipMigrations
          ? '(SKIP_MIGRATIONS=true: apply them first with the release step, npm run db:deploy)'
          : '(applying them did not complete)'),
    );
  if (unknown.length)
    problems.push(
      `the database is ahead of this release: ${count(unknown, 'migration')} applied by a newer release, unknown ` +
        `to this one: ${unknown.join(', ')} (rolling back onto it on purpose: ACCEPT_NEWER_MIGRATIONS=${unknown.join(',')})`,
    );
  return problems.length ? problems.join('; and ') : null;
}

const count = (names: string[], noun: string) => `${names.length} ${noun}${names.length === 1 ? '' : 's'}`;

/** Throws the one-line reason when this release must not run on the database. */
export async function assertDatabaseMatchesRelease(
  db: Db,
  options: { skipMigrations: boolean; acceptNewer?: string[]; migrationsDir?: string },
): Promise<void> {
  const mismatch = releaseMismatch(await compareWithRelease(db, options.migrationsDir), options);
  if (mismatch) throw new Error(mismatch);
}
