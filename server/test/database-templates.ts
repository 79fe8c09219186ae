// Migrated template databases, made once per test run (Vitest's globalSetup, vitest.global-setup.ts) and
// copied for each test database instead of migrating a new one: an embedded database's initdb alone costs
// several seconds of CPU (in WebAssembly), about a hundred times per run; a PostgreSQL database is copied
// from its template by CREATE DATABASE … TEMPLATE instead of running every migration again. The migrations
// still run once per run, on the template, so every run still proves they apply.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { MEMORY_PGLITE, PGLITE_OPTIONS } from '@/server/platform/db/adapter';

/** Where globalSetup tells the test workers about the templates (inherited by the worker processes). */
const PGLITE_TEMPLATE_VARIABLE = 'PAIS_TEST_PGLITE_TEMPLATE';
const POSTGRES_TEMPLATE_VARIABLE = 'PAIS_TEST_POSTGRES_TEMPLATE';

/** A name for this set of migrations: a template made from other migrations is never used. */
function migrationsHash(migrations: string[]): string {
  const hash = createHash('sha256');
  for (const sql of migrations) hash.update(sql).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * A template's name: its migrations and the month. The migrations create the history tables' partitions
 * around the month they run in, so a template made in a past month would hold other partitions than a
 * database migrated today (data:prune's report on a fresh database would find a past month to drop).
 */
const templateKey = (migrations: string[]) =>
  `${migrationsHash(migrations)}_${new Date().toISOString().slice(0, 7).replace('-', '')}`;

/** Makes the embedded template (a data directory dump) unless this run's migrations already have one. */
export async function makePgliteTemplate(migrations: string[]): Promise<string> {
  const file = path.join(os.tmpdir(), `pais-test-pglite-${templateKey(migrations)}.tar`);
  if (!fs.existsSync(file)) {
    const pglite = new PGlite(MEMORY_PGLITE, PGLITE_OPTIONS);
    for (const sql of migrations) await pglite.exec(sql);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    // Written under another name first: a worker never reads half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  process.env[PGLITE_TEMPLATE_VARIABLE] = file;
  return file;
}

/** The embedded template's data directory dump, when globalSetup made one. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_VARIABLE];
  return file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Makes the PostgreSQL template database for this run's migrations on the server at `serverUrl`. */
export async function makePostgresTemplate(serverUrl: string, migrations: string[]): Promise<string> {
  const name = `pais_test_template_${templateKey(migrations)}`;
  await buildPostgresTemplate(serverUrl, name, async (url) => {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      for (const sql of migrations) await setup.query(sql);
    } finally {
      await setup.end();
    }
  });
  process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
  return name;
}

/** Creates the database `name` on the server unless it exists, filled by `fill` under another name first. */
async function buildPostgresTemplate(
  serverUrl: string,
  name: string,
  fill: (url: string) => Promise<void>,
): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    // Built under another name and renamed when complete: a half-migrated template is never copied.
    const building = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    try {
      await fill(url.toString());
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      throw error;
    }
    try {
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (error) {
      // Another run made the same template meanwhile: use theirs.
      await admin.query(`DROP DATABASE "${building}"`);
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
    }
  } finally {
    await admin.end();
  }
}

const DUPLICATE_DATABASE = '42P04';

/** The PostgreSQL template database's name, when globalSetup made one. */
export const postgresTemplate = (): string | undefined => process.env[POSTGRES_TEMPLATE_VARIABLE];

// The operator CLI's databases (scripts/cli/test-cli.ts) are deployed the way the product deploys its schema,
// by the migrator (server/platform/db/migrations/migrator.ts), not by running the SQL files in a row as the templates
// above do (they add a copy of its _prisma_migrations record, so that start-up accepts them): one embedded data
// directory and one PostgreSQL template database, copied per test file.
const DEPLOYED_PGLITE_TEMPLATE_VARIABLE = 'PAIS_TEST_DEPLOYED_PGLITE_TEMPLATE';
const DEPLOYED_POSTGRES_TEMPLATE_VARIABLE = 'PAIS_TEST_DEPLOYED_POSTGRES_TEMPLATE';

/** Makes the deployed embedded data directory (in the temporary directory) unless it exists already. */
export async function makeDeployedPgliteTemplate(migrations: string[]): Promise<string> {
  const dir = path.join(os.tmpdir(), `pais-test-deployed-pglite-${templateKey(migrations)}`);
  if (!fs.existsSync(dir)) {
    const { deployMigrations } = await import('@/server/platform/db/migrations/migrator');
    // Deployed under another name and renamed when complete: a worker never copies half a directory.
    const partial = `${dir}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    await deployMigrations(`pglite:${partial}`);
    try {
      fs.renameSync(partial, dir);
    } catch (error) {
      // Another run made the same directory meanwhile: use theirs.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
  }
  process.env[DEPLOYED_PGLITE_TEMPLATE_VARIABLE] = dir;
  return dir;
}

/** The deployed embedded data directory to copy, when globalSetup made one. */
export function deployedPgliteTemplate(): string | undefined {
  const dir = process.env[DEPLOYED_PGLITE_TEMPLATE_VARIABLE];
  return dir && fs.existsSync(dir) ? dir : undefined;
}

/** Makes the deployed PostgreSQL template database on the server at `serverUrl` unless it exists already. */
export async function makeDeployedPostgresTemplate(serverUrl: string, migrations: string[]): Promise<string> {
  const name = `pais_test_deployed_${templateKey(migrations)}`;
  await buildPostgresTemplate(serverUrl, name, async (url) => {
    const { deployMigrations } = await import('@/server/platform/db/migrations/migrator');
    await deployMigrations(url);
  });
  process.env[DEPLOYED_POSTGRES_TEMPLATE_VARIABLE] = name;
  return name;
}

/** The deployed PostgreSQL template database's name, when globalSetup made one. */
export const deployedPostgresTemplate = (): string | undefined =>
  process.env[DEPLOYED_POSTGRES_TEMPLATE_VARIABLE];
