// A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL. Migrations are the committed prisma/migrations files, so
// every test run also proves they apply: under Vitest once per run, on the templates the databases are
// copied from (database-templates.ts), otherwise once per database. The client is built by production's factory (server/platform/db/client.ts),
// so tests on PostgreSQL take the same paths as the server (the direct pg statements among them).
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { MEMORY_PGLITE } from '@/server/platform/db/adapter';
import { createDatabase } from '@/server/platform/db/client';
import { pgliteTemplate, postgresTemplate } from './database-templates';

export interface TestDatabase {
  prisma: PrismaClient;
  /** "pglite" or "postgresql". */
  kind: 'pglite' | 'postgresql';
  /** The DATABASE_URL a child process (a server, the CLI) could use for this database. */
  url: string;
  /** The PGlite instance of an embedded test database (its listen/notify wakes a dispatcher). */
  pglite?: PGlite;
  close: () => Promise<void>;
}

const MIGRATIONS_DIR = path.resolve('prisma/migrations');

/** The committed migrations' folder names, oldest first. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The SQL of one committed migration, by folder name. */
export const migrationSqlOf = (name: string): string =>
  fs.readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8');

/**
 * The committed migrations' SQL, oldest first, then their record in Prisma's _prisma_migrations table as the
 * migrator writes it (name, checksum: the SHA-256 of the file), so that a database made from them is one this
 * release's start-up accepts (server/platform/db/migrations/release-schema.ts) with SKIP_MIGRATIONS=true.
 */
export function migrationSql(): string[] {
  const names = migrationNames();
  return [...names.map(migrationSqlOf), migrationRecordSql(names)];
}

function migrationRecordSql(names: string[]): string {
  const rows = names.map((name) => {
    const checksum = createHash('sha256').update(migrationSqlOf(name)).digest('hex');
    // A fixed id per migration: the templates are named by this SQL's hash, which must not change between runs.
    const id = createHash('sha256').update(name).digest('hex').slice(0, 36);
    return `('${id}', '${checksum}', now(), '${name}', now(), 1)`;
  });
  return `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  );
  INSERT INTO "_prisma_migrations"
    (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
  VALUES ${rows.join(',\n    ')};`;
}

/**
 * Which databases the integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * TEST_DATABASE_KINDS=postgresql narrows a run to PostgreSQL (CI's Node.js 24 line: the image's runtime runs
 * production's database there, while the Node.js 20 line runs the embedded one).
 */
export function testDatabaseKinds(): ('pglite' | 'postgresql')[] {
  const kinds: ('pglite' | 'postgresql')[] = process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgresql']
    : ['pglite'];
  if (process.env.TEST_DATABASE_KINDS === undefined) return kinds;
  const wanted = process.env.TEST_DATABASE_KINDS.split(',');
  const narrowed = kinds.filter((kind) => wanted.includes(kind));
  if (narrowed.length === 0)
    throw new Error(`TEST_DATABASE_KINDS=${process.env.TEST_DATABASE_KINDS} leaves no database to test on`);
  return narrowed;
}

export async function createTestDatabase(kind: 'pglite' | 'postgresql' = 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const url = `pglite:${MEMORY_PGLITE}`;
    const template = pgliteTemplate();
    const database = createDatabase(url, undefined, template && { loadDataDir: template });
    const pglite = database.pglite!;
    if (template)
      // Ready before the test starts: loading the dump takes a few seconds, which a test's first query (a
      // readiness probe with a 2 s limit, say) must not pay.
      await pglite.waitReady;
    else for (const sql of migrationSql()) await pglite.exec(sql);
    return { prisma: database.prisma, kind, url, pglite, close: database.close };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = postgresTemplate();
  const { url, drop } = await createServerDatabase(serverUrl, 'pais_test', template);
  if (!template) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    for (const sql of migrationSql()) await setup.query(sql);
    await setup.end();
  }
  const database = createDatabase(url, 5);
  return {
    prisma: database.prisma,
    kind,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/**
 * A test database of `kind` for a describe block: opened before its tests, closed after them (after the
 * block's own afterAll hooks, which Vitest runs in reverse order). The handle reads through to the opened
 * database, so the tests write `db.prisma` as they would with createTestDatabase's own result.
 */
export function useTestDatabase(kind: 'pglite' | 'postgresql'): TestDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): TestDatabase => {
    if (!opened) throw new Error('the test database opens in beforeAll: use it inside hooks and tests');
    return opened;
  };
  return {
    kind,
    get prisma() {
      return current().prisma;
    },
    get url() {
      return current().url;
    },
    get pglite() {
      return current().pglite;
    },
    close: () => current().close(),
  };
}

/**
 * Takes the database away under its running clients, as an outage would: a PostgreSQL test database is
 * dropped (its connections are cut and new ones refused), an embedded one is closed.
 */
export async function takeDatabaseAway(database: TestDatabase): Promise<void> {
  if (database.kind === 'postgresql')
    await runOnServer(
      process.env.TEST_DATABASE_URL!,
      `DROP DATABASE "${new URL(database.url).pathname.slice(1)}" WITH (FORCE)`,
    );
  else await database.pglite!.close();
}

/**
 * A new database named `<prefix>_<random>` on the PostgreSQL server at `serverUrl`, a copy of `template` when
 * one is given (else empty): its URL, and the function that drops it.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  await runOnServer(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Runs one statement on the PostgreSQL server at `serverUrl` (creating or dropping a database). */
async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
