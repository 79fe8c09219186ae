import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase, testDatabaseKinds } from '@/server/test/database';
import { scriptCommand } from '@/scripts/cli/test-cli';
import { createMigration, deployMigrations, type MigrationPaths } from './migrator';
import { MIGRATIONS_DIR, SCHEMA_FILE } from './migrations-dir';

// The embedded database's and PostgreSQL's own checks run on the databases the tests run on (CI's Node.js 20
// line: the embedded one; its Node.js 24 line: PostgreSQL).
const onPglite = testDatabaseKinds().includes('pglite');
const onPostgres = testDatabaseKinds().includes('postgresql');

const committedMigrations = fs
  .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-migrate-'));
  tempDirs.push(dir);
  return dir;
}

/** A copy of the project's schema and migration history that a test may change. */
function copyOfProject(): MigrationPaths {
  const dir = tempDir();
  const migrationsDir = path.join(dir, 'migrations');
  fs.cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
  const schemaFile = path.join(dir, 'schema.prisma');
  fs.copyFileSync(SCHEMA_FILE, schemaFile);
  return { migrationsDir, schemaFile };
}

async function withFreshPostgres<T>(work: (url: string) => Promise<T>): Promise<T> {
  const { url, drop } = await createServerDatabase(process.env.TEST_DATABASE_URL!, 'pais_migrate');
  try {
    return await work(url);
  } finally {
    await drop();
  }
}

async function tableNames(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  await client.end();
  return rows.map((r) => r.table_name);
}

/**
 * `npm run db:status` against `url` (scripts/migrate.ts, bundled as the container image runs it when the test
 * run bundled it: scripts/cli/test-bundle.ts): its exit code and the state it printed.
 */
function statusCommand(url: string): { code: number | null; state: string } {
  const [command, args] = scriptCommand('migrate', ['status']);
  const result = spawnSync(command, args, {
    env: { ...process.env, DATABASE_URL: url, DATABASE_DIRECT_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const state =
    /"state": "([^"]+)"/.exec(result.stdout)?.[1] ?? `no state in: ${result.stdout}${result.stderr}`;
  return { code: result.status, state };
}

/** The project's history plus one more migration (the database of a newer release, seen from this one). */
function projectWithOneMoreMigration(): MigrationPaths {
  const paths = copyOfProject();
  const folder = path.join(paths.migrationsDir, '29991231000000_newer_release');
  fs.mkdirSync(folder);
  fs.writeFileSync(
    path.join(folder, 'migration.sql'),
    'CREATE TABLE "newer_release_probe" ("id" INTEGER);\n',
  );
  return paths;
}

async function checkStatusExitCodes(url: string): Promise<void> {
  expect(statusCommand(url)).toEqual({ code: 1, state: 'behind' });
  await deployMigrations(url);
  expect(statusCommand(url)).toEqual({ code: 0, state: 'up to date' });
  await deployMigrations(url, projectWithOneMoreMigration());
  expect(statusCommand(url)).toEqual({ code: 1, state: 'ahead' });
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('offline migrations on the embedded database', () => {
  it.runIf(onPglite)('applies the committed history once, then finds nothing pending', async () => {
    const url = `pglite:${path.join(tempDir(), 'pglite')}`;
    expect(await deployMigrations(url)).toEqual(committedMigrations);
    expect(await deployMigrations(url)).toEqual([]);
  });

  // Replays the whole history into a PGlite shadow database and diffs it: 17-30 s on a slow two-core machine
  // running the suite two files at a time, so the default 30 s was a flake, not a hang guard.
  it(
    'finds no difference between the committed schema and the committed history',
    { timeout: 120_000 },
    async () => {
      const paths = copyOfProject();
      expect(await createMigration('pglite:memory://', 'nothing', { createOnly: true, paths })).toBeNull();
      expect(fs.readdirSync(paths.migrationsDir).filter((n) => !n.endsWith('.toml'))).toHaveLength(
        committedMigrations.length,
      );
    },
  );
});

describe('db:status exits 1 unless the database and the code agree', () => {
  it.runIf(onPglite)(
    'on the embedded database: behind, up to date, ahead',
    { timeout: 240_000 },
    async () => {
      await checkStatusExitCodes(`pglite:${path.join(tempDir(), 'pglite')}`);
    },
  );

  it.runIf(onPostgres)('on PostgreSQL: behind, up to date, ahead', { timeout: 240_000 }, async () => {
    await withFreshPostgres(checkStatusExitCodes);
  });
});

describe.runIf(onPostgres)('offline migrations on PostgreSQL', () => {
  it('applies the committed history to PostgreSQL, creating every table', async () => {
    await withFreshPostgres(async (url) => {
      expect(await deployMigrations(url)).toEqual(committedMigrations);
      expect(await deployMigrations(url)).toEqual([]);
      expect(await tableNames(url)).toEqual(
        expect.arrayContaining(['participant', 'api_key', '_prisma_migrations']),
      );
    });
  });

  it('applies a migration created on PGlite to PostgreSQL unchanged', async () => {
    const paths = copyOfProject();
    fs.appendFileSync(paths.schemaFile, '\nmodel MigrationProbe {\n  id   Int     @id\n  note String?\n}\n');
    const folder = await createMigration('pglite:memory://', 'add_probe', { createOnly: true, paths });
    expect(folder).toMatch(/^\d{14}_add_probe$/);
    const sql = fs.readFileSync(path.join(paths.migrationsDir, folder!, 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "MigrationProbe"');
    await withFreshPostgres(async (url) => {
      expect(await deployMigrations(url, paths)).toEqual([...committedMigrations, folder]);
      expect(await tableNames(url)).toContain('MigrationProbe');
    });
  });
});
