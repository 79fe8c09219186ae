import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSessionConnection } from '../transaction-pooler';
import { createSchemaEngine } from './schema-engine';
import {
  listMigrations,
  migrationAdapter,
  migrationTimestamp,
  MIGRATIONS_DIR,
  NO_FILTERS,
  SCHEMA_FILE,
} from './migrations-dir';

/** Where the schema and the migration history live: the project's own by default (tests use copies). */
export interface MigrationPaths {
  migrationsDir: string;
  schemaFile: string;
}
const PROJECT_PATHS: MigrationPaths = { migrationsDir: MIGRATIONS_DIR, schemaFile: SCHEMA_FILE };

async function withEngine<T>(
  url: string,
  schemaFile: string | null,
  work: (engine: Awaited<ReturnType<typeof createSchemaEngine>>) => Promise<T>,
): Promise<T> {
  // Behind a transaction pooler the engine's advisory lock would outlive this run and hang the next one.
  await assertSessionConnection(
    url,
    'The migrations’ database URL (DATABASE_DIRECT_URL, else DATABASE_URL)',
    'the migrations’ advisory lock',
  );
  const { factory, close } = migrationAdapter(url);
  try {
    const schemaFiles = schemaFile
      ? [{ path: schemaFile, content: await fs.readFile(schemaFile, 'utf8') }]
      : [];
    const engine = await createSchemaEngine(factory, schemaFiles);
    try {
      return await work(engine);
    } finally {
      await engine.dispose();
    }
  } finally {
    await close();
  }
}

/** Applies every migration not yet applied; returns their names. */
export function deployMigrations(url: string, paths: MigrationPaths = PROJECT_PATHS): Promise<string[]> {
  return withEngine(url, null, async (engine) => {
    const result = await engine.applyMigrations({
      migrationsList: await listMigrations(paths.migrationsDir),
      filters: NO_FILTERS,
    });
    return result.appliedMigrationNames;
  });
}

/**
 * Writes a new migration from the difference between the migration history and the schema, then applies
 * pending migrations (the new one included) unless createOnly. Returns the new folder's name, or null when
 * the schema and the history already agree.
 */
export function createMigration(
  url: string,
  name: string,
  options: { createOnly?: boolean; paths?: MigrationPaths } = {},
): Promise<string | null> {
  const { migrationsDir, schemaFile } = options.paths ?? PROJECT_PATHS;
  return withEngine(url, schemaFile, async (engine) => {
    const history = await listMigrations(migrationsDir);
    // The wasm engine's createMigration cannot reach a shadow database, so the new migration comes from a
    // diff between the history (replayed into the shadow database) and the schema, as prisma 6 did.
    const diff = await engine.diff({
      from: { tag: 'migrations', ...history },
      to: {
        tag: 'schemaDatamodel',
        files: [{ path: schemaFile, content: await fs.readFile(schemaFile, 'utf8') }],
      },
      script: true,
      exitCode: true,
      filters: NO_FILTERS,
    });
    let folder: string | null = null;
    if (diff.exitCode === 2) {
      folder = `${migrationTimestamp()}_${name}`;
      await fs.mkdir(path.join(migrationsDir, folder), { recursive: true });
      await fs.writeFile(path.join(migrationsDir, folder, 'migration.sql'), diff.stdout ?? '');
      await fs.writeFile(path.join(migrationsDir, 'migration_lock.toml'), history.lockfile.content);
    }
    if (!options.createOnly) {
      await engine.applyMigrations({
        migrationsList: await listMigrations(migrationsDir),
        filters: NO_FILTERS,
      });
    }
    return folder;
  });
}

type MigrationState = 'up to date' | 'behind' | 'ahead' | 'diverged' | 'failed' | 'edited';

/** The database's migration history against prisma/migrations: `state` is "up to date" only when they agree. */
export interface MigrationStatus {
  state: MigrationState;
  /** Migrations in prisma/migrations not applied to the database (it is behind: deploy them). */
  unapplied: string[];
  /** Migrations applied to the database that prisma/migrations does not have (it is ahead: older code). */
  unknownToThisRelease: string[];
  failed: string[];
  edited: string[];
}

/** What the engine knows of the database's migration history compared with prisma/migrations. */
export function migrationStatus(
  url: string,
  paths: MigrationPaths = PROJECT_PATHS,
): Promise<MigrationStatus> {
  return withEngine(url, null, async (engine) => {
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList: await listMigrations(paths.migrationsDir),
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    });
    const history = diagnosis.history;
    const unapplied = history && 'unappliedMigrationNames' in history ? history.unappliedMigrationNames : [];
    const unknownToThisRelease =
      history && 'unpersistedMigrationNames' in history ? history.unpersistedMigrationNames : [];
    const state: MigrationState = diagnosis.failedMigrationNames.length
      ? 'failed'
      : diagnosis.editedMigrationNames.length
        ? 'edited'
        : history?.diagnostic === 'databaseIsBehind'
          ? 'behind'
          : history?.diagnostic === 'migrationsDirectoryIsBehind'
            ? 'ahead'
            : history?.diagnostic === 'historiesDiverge'
              ? 'diverged'
              : 'up to date';
    return {
      state,
      unapplied,
      unknownToThisRelease,
      failed: diagnosis.failedMigrationNames,
      edited: diagnosis.editedMigrationNames,
    };
  });
}
