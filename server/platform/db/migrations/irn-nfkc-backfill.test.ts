// The migration that makes IRNs unique by their NFKC form runs on databases that may already hold IRNs
// sharing one (IRN-1 and its full-width ＩＲＮ-1, created before the rule). It must apply there, keep every
// participant's IRN as it was, and leave only the later look-alikes out of the new index; from then on a new
// look-alike of any stored IRN is refused by the database itself.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '@/server/platform/db/adapter';
import {
  createServerDatabase,
  migrationNames,
  migrationSqlOf as sqlOf,
  testDatabaseKinds,
} from '@/server/test/database';

const MIGRATION = '20261127050403_irn_nfkc_unique';

const migrations = migrationNames();

interface Sql {
  exec: (sql: string) => Promise<void>;
  rows: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
}

/** An empty database of `kind`, spoken to in plain SQL (the schema is the migrations', not today's). */
async function emptyDatabase(kind: 'pglite' | 'postgresql'): Promise<Sql> {
  if (kind === 'pglite') {
    const pglite = new PGlite(PGLITE_OPTIONS);
    return {
      exec: async (sql) => void (await pglite.exec(sql)),
      rows: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
      close: () => pglite.close(),
    };
  }
  const { url, drop } = await createServerDatabase(process.env.TEST_DATABASE_URL!, 'pais_backfill');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    close: async () => {
      await client.end();
      await drop();
    },
  };
}

describe.each(testDatabaseKinds())('migration irn_nfkc_unique on %s', (kind) => {
  it('applies over IRNs that already share an NFKC form, keeps them, and refuses new look-alikes', async () => {
    expect(migrations).toContain(MIGRATION);
    const db = await emptyDatabase(kind);
    try {
      for (const name of migrations.filter((m) => m < MIGRATION)) await db.exec(sqlOf(name));
      const tenant = randomUUID();
      const [first, second] = [randomUUID(), randomUUID()];
      await db.exec(`INSERT INTO tenant (id, name) VALUES ('${tenant}', 'T')`);
      for (const q of [first, second])
        await db.exec(
          `INSERT INTO questionnaire (id, tenant_id, name, updated_at) VALUES ('${q}', '${tenant}', 'Q', now())`,
        );
      const insert = (questionnaire: string, irn: string, createdAt = 'now()') =>
        db.rows(
          `INSERT INTO participant (id, questionnaire_id, irn, created_at, updated_at)
           VALUES ($1, $2, $3, ${createdAt}, now()) RETURNING id`,
          [randomUUID(), questionnaire, irn],
        );
      await insert(first, 'IRN-1', "now() - interval '2 days'");
      await insert(first, '\uff29\uff32\uff2e-1', "now() - interval '1 day'"); // ＩＲＮ-1, the later one
      await insert(first, 'IRN-2');
      await insert(second, '\uff29\uff32\uff2e-1'); // another questionnaire's: no conflict

      await db.exec(sqlOf(MIGRATION));

      const stored = await db.rows<{ questionnaire_id: string; irn: string; irn_nfkc_exempt: boolean }>(
        'SELECT questionnaire_id, irn, irn_nfkc_exempt FROM participant ORDER BY created_at',
      );
      expect(stored).toEqual(
        expect.arrayContaining([
          { questionnaire_id: first, irn: 'IRN-1', irn_nfkc_exempt: false },
          { questionnaire_id: first, irn: '\uff29\uff32\uff2e-1', irn_nfkc_exempt: true },
          { questionnaire_id: first, irn: 'IRN-2', irn_nfkc_exempt: false },
          { questionnaire_id: second, irn: '\uff29\uff32\uff2e-1', irn_nfkc_exempt: false },
        ]),
      );
      expect(stored).toHaveLength(4);
      // New look-alikes of a stored IRN, and exact repeats of the exempt one, are refused by the database.
      for (const irn of ['\uff29RN-1', 'IRN-\uff12', '\uff29\uff32\uff2e-1'])
        await expect(insert(first, irn), irn).rejects.toThrow(/unique|duplicate/i);
      expect(await insert(second, 'IRN-2')).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 120_000);
});
