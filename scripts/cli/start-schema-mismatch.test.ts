// `npm start` on a database that does not hold exactly this release's migrations, as an operator meets it: a
// child process on a deployed database (on each database the tests run on) whose _prisma_migrations lacks
// this release's newest migration (SKIP_MIGRATIONS=true before the release step ran) or records one this
// release does not know (a newer release's). It must stop with one line naming them, never start serving.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { MIGRATIONS_DIR } from '@/server/platform/db/migrations/migrations-dir';
import { assertDatabaseMatchesRelease } from '@/server/platform/db/migrations/release-schema';
import { testDatabaseKinds } from '@/server/test/database';
import { createCliDatabase, runCli, type CliDatabase } from './test-cli';

const NEWEST = fs
  .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()
  .at(-1)!;
const NEWER_RELEASE = '29991231000000_newer_release';

describe.each(testDatabaseKinds())(
  'npm start on a database behind or ahead of this release’s migrations (%s)',
  { timeout: 240_000 },
  (kind) => {
    let database: CliDatabase;
    beforeEach(async () => {
      database = await createCliDatabase(kind);
    });
    afterEach(() => database?.close());

    /** Runs SQL on the database while no server holds it (the embedded one opens in one process at a time). */
    const onDatabase = async (sql: string) => {
      const db = createDatabase(database.url, 1);
      try {
        await db.prisma.$executeRawUnsafe(sql);
      } finally {
        await db.close();
      }
    };
    const start = (env: Record<string, string>) =>
      runCli(database, [], { script: 'start', env: { ADMIN_PASSWORD: 'a-long-enough-password', ...env } });

    it('stops with one line naming the migration it lacks, with SKIP_MIGRATIONS=true', async () => {
      await onDatabase(`DELETE FROM _prisma_migrations WHERE migration_name = '${NEWEST}'`);
      const result = await start({ SKIP_MIGRATIONS: 'true' });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Start-up failed: the database is behind this release: 1 migration not applied: ${NEWEST} ` +
          '(SKIP_MIGRATIONS=true: apply them first with the release step, npm run db:deploy)\n',
      );
      expect(result.stdout).not.toMatch(/Listening on/);
    });

    it('stops with one line naming a newer release’s migration, with or without SKIP_MIGRATIONS', async () => {
      await onDatabase(
        `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES ('${randomUUID()}', 'newer', '${NEWER_RELEASE}', now(), 1)`,
      );
      const expected =
        `Start-up failed: the database is ahead of this release: 1 migration applied by a newer release, unknown ` +
        `to this one: ${NEWER_RELEASE} (rolling back onto it on purpose: ACCEPT_NEWER_MIGRATIONS=${NEWER_RELEASE})\n`;
      for (const skip of ['true', 'false']) {
        const result = await start({ SKIP_MIGRATIONS: skip });
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr).toBe(expected);
      }
      // Named in ACCEPT_NEWER_MIGRATIONS (a rollback on purpose), it passes the check; nothing else would.
      const db = createDatabase(database.url, 1);
      try {
        await expect(
          assertDatabaseMatchesRelease(db.prisma, { skipMigrations: true, acceptNewer: [NEWER_RELEASE] }),
        ).resolves.toBeUndefined();
        await expect(
          assertDatabaseMatchesRelease(db.prisma, {
            skipMigrations: true,
            acceptNewer: ['29991231000001_other'],
          }),
        ).rejects.toThrow(`unknown to this one: ${NEWER_RELEASE} `);
      } finally {
        await db.close();
      }
    });

    it('finds nothing to say about a database that holds exactly this release’s migrations', async () => {
      const db = createDatabase(database.url, 1);
      try {
        await expect(
          assertDatabaseMatchesRelease(db.prisma, { skipMigrations: true }),
        ).resolves.toBeUndefined();
      } finally {
        await db.close();
      }
    });
  },
);
