import fs from 'node:fs/promises';
import path from 'node:path';
import { createSchemaEngine } from './schema-engine';
import {
  listMigrations,
  migrationAdapter,
  migrationTimestamp,
  MIGRATIONS_DIR,
  NO_FILTERS,
  SCHEMA_FILE,
} from './migrations-dir';

async function withEngine<T>(
  url: string,
  withSchema: boolean,
  work: (engine: Awaited<ReturnType<typeof createSchemaEngine>>) => Promise<T>,
): Promise<T> {
  const { factory, close } = migrationAdapter(url);
  try {
    const schemaFiles = withSchema
      ? [{ path: SCHEMA_FILE, content: await fs.readFile(SCHEMA_FILE, 'utf8') }]
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
export function deployMigrations(url: string): Promise<string[]> {
  return withEngine(url, false, async (engine) => {
    const result = await engine.applyMigrations({
      migrationsList: await listMigrations(),
      filters: NO_FILTERS,
    });
    return result.appliedMigrationNames;
  });
}

/**
 * Writes a new migration from the difference between the migration history and prisma/schema.prisma, then
 * applies pending migrations (the new one included) unless createOnly. Returns the new folder, or null when
 * the schema and the history already agree.
 */
export function createMigration(url: string, name: string, createOnly = false): Promise<string | null> {
  return withEngine(url, true, async (engine) => {
    const history = await listMigrations();
    // The wasm engine's createMigration cannot reach a shadow database, so the new migration comes from a
    // diff between the history (replayed into the shadow database) and the schema, as prisma 6 did.
    const diff = await engine.diff({
      from: { tag: 'migrations', ...history },
      to: {
        tag: 'schemaDatamodel',
        files: [{ path: SCHEMA_FILE, content: await fs.readFile(SCHEMA_FILE, 'utf8') }],
      },
      script: true,
      exitCode: true,
      filters: NO_FILTERS,
    } as never);
    let folder: string | null = null;
    if (diff.exitCode === 2) {
      folder = `${migrationTimestamp()}_${name}`;
      await fs.mkdir(path.join(MIGRATIONS_DIR, folder), { recursive: true });
      await fs.writeFile(path.join(MIGRATIONS_DIR, folder, 'migration.sql'), diff.stdout ?? '');
      await fs.writeFile(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), history.lockfile.content);
    }
    if (!createOnly)
      await engine.applyMigrations({ migrationsList: await listMigrations(), filters: NO_FILTERS });
    return folder;
  });
}

/** What the engine knows of the database's migration history compared with prisma/migrations. */
export function migrationStatus(url: string): Promise<unknown> {
  return withEngine(url, false, async (engine) =>
    engine.diagnoseMigrationHistory({
      migrationsList: await listMigrations(),
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    }),
  );
}
