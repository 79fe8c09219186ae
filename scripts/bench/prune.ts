// The prune-while-serving figure of `npm run bench -- --only-figure prune`: a PostgreSQL database filled with
// history rows (audit log over fourteen months, ended webhook deliveries and their attempts over two), the REST
// create measured alone, then again while a pruning run (the configured default retention) removes what is
// past retention. Also the bytes per row of each table, for docs/capacity.md.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import pg from 'pg';
import { createDatabase } from '@/server/platform/db/client';
import { createMonthPartitions } from '@/server/data-lifecycle/partitions';
import { pruneHistory, retentionFromEnv, type PruneCounts } from '@/server/data-lifecycle/prune';
import { env } from '@/server/platform/env';
import { freshPostgresDatabase, seedQuestionnaire, type SeededQuestionnaire } from './fixtures';
import { percentiles } from './http-load';
import { recordBenchResult } from './benchmarks-doc';

export interface PruneFigures {
  historyRows: number;
  fillSeconds: number;
  createAlone: LatencyFigures;
  createWhilePruning: LatencyFigures;
  /** p95 while pruning / p95 alone (target: at most 1.5). */
  p95Ratio: number;
  pruneSeconds: number;
  removed: PruneCounts;
  partitionsDropped: number;
  /** Table, index and TOAST bytes per row, per table, after the run. */
  bytesPerRow: Record<string, { rows: number; bytes: number; bytesPerRow: number }>;
}

interface LatencyFigures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
}

const tsxLoader = createRequire(import.meta.url).resolve('tsx');

async function startRestServer(databaseUrl: string, port: number): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['--import', tsxLoader, 'scripts/bench/rest-server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`REST server exited with ${code}`)));
  });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/** Creates participants from `connections` concurrent clients until `until` resolves; per-request latency. */
async function createLoad(
  baseUrl: string,
  seeded: SeededQuestionnaire,
  connections: number,
  until: Promise<unknown>,
  prefix: string,
): Promise<LatencyFigures> {
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  let errors = 0;
  let serial = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!done) {
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/questionnaire/v1/participant`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: seeded.apiKey },
          body: JSON.stringify({
            project_uuid: seeded.questionnaireId,
            interview_ref_num: `${prefix}-${serial++}`,
            email: 'bench@example.com',
            phone_number1: '+12025550100',
          }),
        }).catch(() => null);
        await response?.arrayBuffer();
        if (response?.status === 200) samples.push(performance.now() - t0);
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const p = percentiles(samples);
  return {
    requests: samples.length,
    requestsPerSecond: Math.round(samples.length / seconds),
    p50Ms: p.p50,
    p95Ms: p.p95,
    p99Ms: p.p99,
    errors,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the filled tables' secondary indexes after the fill instead of during it: the indexes the migrations
 * made (read from the catalogue, primary keys and unique indexes kept) are dropped, `fill` runs, and each is
 * created again, a sorted build instead of millions of random insertions.
 */
async function withIndexesBuiltAfter(client: pg.Client, tables: string[], fill: () => Promise<void>) {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class c ON c.oid = i.indexrelid
      WHERE t.relname = ANY($1) AND NOT i.indisprimary AND NOT i.indisunique`,
    [tables],
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  await fill();
  for (const index of indexes) {
    process.stdout.write(`\r  index ${index.name}                    `);
    // A partitioned table's index reads "ON ONLY parent": built on the parent, it is built on each partition.
    await client.query(index.definition.replace(' ON ONLY ', ' ON '));
  }
  process.stdout.write('\n');
}

/**
 * History rows as the service writes them: 61 % audit log, 13 % ended deliveries, 26 % their attempts, set-based
 * (generate_series in 250,000-row statements, in time order so that each statement fills one or two month
 * partitions), secondary indexes built after the fill, and without the per-row triggers (foreign-key checks
 * and the audit log's append-only guard, which refuses only UPDATE and DELETE) that a bulk load of rows
 * consistent by construction does not need (session_replication_role = replica).
 */
async function fillHistory(url: string, seeded: SeededQuestionnaire, rows: number): Promise<void> {
  const database = createDatabase(url, 2);
  const now = new Date();
  await createMonthPartitions(database.prisma, 'audit_log', now, new Date(now.getTime() - 430 * 86_400_000));
  await createMonthPartitions(
    database.prisma,
    'webhook_delivery_attempt',
    now,
    new Date(now.getTime() - 62 * 86_400_000),
  );
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const chunk = 250_000;
  const auditRows = Math.round(rows * 0.61);
  const deliveries = Math.round(rows * 0.13);
  try {
    await client.query('SET session_replication_role = replica');
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '256MB'");
    const tables = ['audit_log', 'webhook_delivery', 'webhook_delivery_attempt'];
    await withIndexesBuiltAfter(client, tables, async () => {
      for (let done = 0; done < auditRows; done += chunk) {
        // Spread evenly over 425 days, oldest first.
        await client.query(
          `INSERT INTO audit_log (id, at, actor_type, actor_id, action, target_type, target_id, tenant_id, questionnaire_id, details)
           SELECT gen_random_uuid(), now() - (1 - i::float8 / $5) * interval '425 days', 'api_key', gen_random_uuid()::text,
                  'participant.create', 'participant', gen_random_uuid()::text, $1::uuid, $2::uuid,
                  jsonb_build_object('irn', 'IRN-' || i, 'language', 'English')
           FROM generate_series($3::int, $4::int) i`,
          [seeded.tenantId, seeded.questionnaireId, done, Math.min(done + chunk, auditRows) - 1, auditRows],
        );
        process.stdout.write(`\r  audit log ${Math.min(done + chunk, auditRows)}/${auditRows}   `);
      }
      const {
        rows: [webhook],
      } = await client.query<{ id: string }>(
        `INSERT INTO webhook_endpoint (id, questionnaire_id, url, secret_encrypted, updated_at)
         VALUES (gen_random_uuid(), $1, 'https://customer.example/hook', 'x', now()) RETURNING id`,
        [seeded.questionnaireId],
      );
      for (let done = 0; done < deliveries; done += chunk) {
        // A result payload of the spec's size (about 700 bytes), ended a few minutes after it was created;
        // spread evenly over 60 days, oldest first.
        await client.query(
          `WITH d AS (
             INSERT INTO webhook_delivery (id, message_id, webhook_id, participant_id, event_type, payload, status,
                                           attempt_count, delivered_at, created_at, updated_at)
             SELECT gen_random_uuid(), 'msg_' || gen_random_uuid(), $1::uuid, gen_random_uuid(), 'result.published',
                    jsonb_build_object('participant_uuid', gen_random_uuid(), 'interview_ref_num', 'IRN-' || i,
                      'access_code', '12345678', 'status', 'completed', 'overall_evaluation', 'low',
                      'questions_risk_rating', jsonb_build_array(
                        jsonb_build_object('sequence', 1, 'risk_level', 'low', 'text', repeat('q', 120)),
                        jsonb_build_object('sequence', 2, 'risk_level', 'medium', 'text', repeat('q', 120)),
                        jsonb_build_object('sequence', 3, 'risk_level', 'low', 'text', repeat('q', 120)))),
                    'succeeded', 2, t + interval '5 minutes', t, t + interval '5 minutes'
             FROM (SELECT i, now() - (1 - i::float8 / $4) * interval '60 days' AS t
                   FROM generate_series($2::int, $3::int) i) s
             RETURNING id, created_at)
           INSERT INTO webhook_delivery_attempt (id, delivery_id, attempted_at, status_code, duration_ms, response_snippet)
           SELECT gen_random_uuid(), d.id, d.created_at + a * interval '1 minute', CASE a WHEN 1 THEN 503 ELSE 200 END,
                  80, 'ok'
           FROM d, generate_series(1, 2) a`,
          [webhook!.id, done, Math.min(done + chunk, deliveries) - 1, deliveries],
        );
        process.stdout.write(`\r  deliveries ${Math.min(done + chunk, deliveries)}/${deliveries}   `);
      }
      process.stdout.write('\n');
    });
    await client.query('RESET session_replication_role');
    process.stdout.write('  ANALYZE …\n');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function bytesPerRow(url: string): Promise<PruneFigures['bytesPerRow']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: PruneFigures['bytesPerRow'] = {};
    for (const table of [
      'participant',
      'attempt',
      'audit_log',
      'webhook_delivery',
      'webhook_delivery_attempt',
    ]) {
      // A partitioned table's size is its partitions' (pg_partition_tree), a plain table's its own.
      const {
        rows: [row],
      } = await client.query<{ rows: string; bytes: string }>(
        `SELECT (SELECT count(*) FROM ${table}) AS rows,
                coalesce((SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('${table}')
                          WHERE relid <> '${table}'::regclass), pg_total_relation_size('${table}')) AS bytes`,
      );
      const rows = Number(row?.rows ?? 0);
      const bytes = Number(row?.bytes ?? 0);
      result[table] = { rows, bytes, bytesPerRow: rows ? Math.round(bytes / rows) : 0 };
    }
    return result;
  } finally {
    await client.end();
  }
}

export async function measurePruneWhileServing(options: {
  postgres: string;
  historyRows: number;
  port: number;
  connections: number;
  seconds: number;
}): Promise<PruneFigures> {
  const fresh = await freshPostgresDatabase(options.postgres, 'pais_bench_prune');
  try {
    const seeded = await seedQuestionnaire(fresh.url);
    console.log(`  filling ${options.historyRows} history rows …`);
    const fillStarted = performance.now();
    await fillHistory(fresh.url, seeded, options.historyRows);
    const fillSeconds = Math.round((performance.now() - fillStarted) / 1000);
    const stopServer = await startRestServer(fresh.url, options.port);
    const baseUrl = `http://127.0.0.1:${options.port}`;
    try {
      console.log('  warming up …');
      await createLoad(
        baseUrl,
        seeded,
        options.connections,
        sleep(Math.max(5_000, options.seconds * 500)),
        'WARM',
      );
      console.log(`  create alone (${options.seconds} s) …`);
      const createAlone = await createLoad(
        baseUrl,
        seeded,
        options.connections,
        sleep(options.seconds * 1000),
        'ALONE',
      );
      console.log('  create while pruning …');
      const database = createDatabase(fresh.url, 2);
      try {
        const pruneStarted = performance.now();
        const pruning = pruneHistory(database.prisma, retentionFromEnv(env));
        // At least `seconds` of load, and the whole pruning run.
        const createWhilePruning = await createLoad(
          baseUrl,
          seeded,
          options.connections,
          pruning.then(() => undefined),
          'PRUNE',
        );
        const report = await pruning;
        const pruneSeconds = Math.round((performance.now() - pruneStarted) / 100) / 10;
        return {
          historyRows: options.historyRows,
          fillSeconds,
          createAlone,
          createWhilePruning,
          p95Ratio: Math.round((createWhilePruning.p95Ms / createAlone.p95Ms) * 100) / 100,
          pruneSeconds,
          removed: report.removed,
          partitionsDropped: report.partitionsDropped.length,
          bytesPerRow: await bytesPerRow(fresh.url),
        };
      } finally {
        await database.close();
      }
    } finally {
      await stopServer();
    }
  } finally {
    await fresh.drop();
  }
}

/** Records the prune-while-serving figures (bench/results/latest.json, docs/benchmarks.md). */
export function writePruneResult(figures: PruneFigures, loadAverageAtStart: number[]): string[] {
  return recordBenchResult('prune while serving (postgresql)', { loadAverageAtStart, figures });
}
