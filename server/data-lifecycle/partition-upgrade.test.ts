// Upgrading a database filled by the previous release: the migration history_partitions turns audit_log and
// webhook_delivery_attempt into month-partitioned tables in place. Every table's rows are counted (and the
// two converted tables' contents fingerprinted) before and after: nothing lost, nothing changed.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '@/server/platform/db/adapter';
import { migrationNames, migrationSqlOf as sqlOf, testDatabaseKinds } from '@/server/test/database';

const PARTITIONING = '20261125170000_history_partitions';
const migrations = migrationNames();

/** The two ways the test reaches a database: one query (several statements allowed) with rows back. */
interface Sql {
  query: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
}

async function openDatabase(kind: 'pglite' | 'postgresql'): Promise<Sql> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create(PGLITE_OPTIONS);
    return {
      query: async <T>(text: string) => ((await pglite.exec(text)).at(-1)?.rows ?? []) as T[],
      close: () => pglite.close(),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `pais_upgrade_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async <T>(text: string) => {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return ((Array.isArray(result) ? result.at(-1) : result)?.rows ?? []) as T[];
    },
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** What the previous release's code writes, over fourteen months (some rows a month ahead, clocks drift). */
const FILL = `
  INSERT INTO tenant (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'T');
  INSERT INTO questionnaire (id, tenant_id, name, updated_at)
    VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Q', now());
  INSERT INTO participant (id, questionnaire_id, irn, updated_at)
    SELECT gen_random_uuid(), '00000000-0000-4000-8000-000000000002', 'IRN-' || i, now() FROM generate_series(1, 300) i;
  INSERT INTO webhook_endpoint (id, questionnaire_id, url, secret_encrypted, updated_at)
    VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 'http://127.0.0.1:9/h', 'x', now());
  INSERT INTO webhook_delivery (id, message_id, webhook_id, event_type, payload, status, created_at, updated_at)
    SELECT gen_random_uuid(), 'msg_' || i, '00000000-0000-4000-8000-000000000003', 'result.published',
           jsonb_build_object('n', i), 'succeeded', now() - (i || ' days')::interval, now() - (i || ' days')::interval
    FROM generate_series(1, 420) i;
  INSERT INTO webhook_delivery_attempt (id, delivery_id, attempted_at, status_code, duration_ms, response_snippet)
    SELECT gen_random_uuid(), d.id, d.created_at + (a || ' minutes')::interval, 200, a, 'ok ' || a
    FROM webhook_delivery d, generate_series(1, 3) a;
  INSERT INTO audit_log (id, at, actor_type, actor_id, action, target_type, target_id, details)
    SELECT gen_random_uuid(), now() - (i || ' hours')::interval * 7, 'cli', 'ops', 'participant.create', 'participant',
           i::text, jsonb_build_object('i', i)
    FROM generate_series(-100, 1400) i;
  INSERT INTO idempotency_record (api_key_id, key, request_hash, expires_at)
    SELECT gen_random_uuid(), 'k' || i, 'h', now() FROM generate_series(1, 50) i;
`;

async function rowCounts(db: Sql): Promise<Record<string, number>> {
  // Partitions are counted through their parent: list the tables a query sees, not the storage.
  const tables = await db.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname <> '_prisma_migrations' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ n: number | bigint }>(`SELECT count(*) AS n FROM "${name}"`);
    counts[name] = Number(row?.n);
  }
  return counts;
}

const fingerprint = async (db: Sql, table: string) =>
  (
    await db.query<{ f: string }>(`SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) AS f FROM "${table}" t`)
  )[0]?.f;

describe.each(testDatabaseKinds())(
  'partitioning upgrade of a filled database (%s)',
  { timeout: 120_000 },
  (kind) => {
    let db: Sql | undefined;
    afterAll(async () => {
      await db?.close();
    });

    it('keeps every row of every table', async () => {
      db = await openDatabase(kind);
      for (const name of migrations.filter((m) => m < PARTITIONING)) await db.query(sqlOf(name));
      await db.query(FILL);
      const before = await rowCounts(db);
      const fingerprints = [
        await fingerprint(db, 'audit_log'),
        await fingerprint(db, 'webhook_delivery_attempt'),
      ];
      expect(before).toMatchObject({
        audit_log: 1501,
        webhook_delivery_attempt: 1260,
        webhook_delivery: 420,
      });

      for (const name of migrations.filter((m) => m >= PARTITIONING)) await db.query(sqlOf(name));

      // Every table the filled database had keeps its rows; later migrations may add tables of their own.
      expect(await rowCounts(db)).toMatchObject(before);
      expect([await fingerprint(db, 'audit_log'), await fingerprint(db, 'webhook_delivery_attempt')]).toEqual(
        fingerprints,
      );
      const partitioned = await db.query<{ relname: string }>(
        "SELECT relname FROM pg_class WHERE relkind = 'p' ORDER BY relname",
      );
      expect(partitioned.map((r) => r.relname)).toEqual(['audit_log', 'webhook_delivery_attempt']);
      // Fourteen months of history landed in month partitions, not in the DEFAULT one.
      const [inDefault] = await db.query<{ n: number | bigint }>(
        'SELECT (SELECT count(*) FROM audit_log_default) + (SELECT count(*) FROM webhook_delivery_attempt_default) AS n',
      );
      expect(Number(inDefault?.n)).toBe(0);
      // The cascade from deliveries to their attempts still holds on the partitioned table.
      await db.query("DELETE FROM webhook_delivery WHERE message_id = 'msg_1'");
      expect((await rowCounts(db)).webhook_delivery_attempt).toBe(1257);
    });
  },
);
