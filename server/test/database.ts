// A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL. Migrations are the committed prisma/migrations files, so
// every test run also proves they apply.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { PGLITE_OPTIONS } from '@/server/db/adapter';

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

export function migrationSql(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => fs.readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8'));
}

/** Which databases the integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): ('pglite' | 'postgresql')[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'];
}

export async function createTestDatabase(kind: 'pglite' | 'postgresql' = 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create(PGLITE_OPTIONS);
    for (const sql of migrationSql()) await pglite.exec(sql);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      prisma,
      kind,
      url: 'pglite:memory://',
      pglite,
      close: async () => {
        await prisma.$disconnect();
        await pglite.close();
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pais_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const setup = new pg.Client({ connectionString: url.toString() });
  await setup.connect();
  for (const sql of migrationSql()) await setup.query(sql);
  await setup.end();
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString(), max: 5 }) });
  return {
    prisma,
    kind,
    url: url.toString(),
    close: async () => {
      await prisma.$disconnect();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
