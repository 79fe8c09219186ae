// Two stateless instances on one PostgreSQL, with the defaults: participants are created and results ingested
// through both, and the dispatchers of both (woken at commit, no cron call) send the deliveries; then both are
// asked to flush through the cron route as well (the backstop), and a key deleted on one is refused by the
// other. Checks that no participant or delivery is lost and that, with nothing failing, none is sent twice.
//   npm run multi-instance [-- --participants 200]
import { Command } from 'commander';
import { randomBytes } from 'node:crypto';
import { createDatabase } from '@/server/platform/db/client';
import { configureWebhook } from '@/server/webhooks/config';
import { insertApiKey } from '@/server/api-keys/api-keys';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { freshPostgresDatabase, seedQuestionnaire } from './bench/fixtures';
import { ensureBuild, startBenchServer, type BenchServer } from './bench/server';
import { startReceiver } from './load/receiver';

const options = new Command('multi-instance')
  .option('--participants <n>', 'participants to create across both instances', (v) => Number(v), 200)
  .option(
    '--postgres <url>',
    'PostgreSQL server to create the throw-away database on',
    'postgresql://postgres@127.0.0.1:5432/postgres',
  )
  .option('--dist-dir <dir>', 'build folder', '.next-perf')
  .option('--rebuild', 'build the app even when a build exists', false)
  .parse()
  .opts<{ participants: number; postgres: string; distDir: string; rebuild: boolean }>();

const secrets = {
  NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
  INTERNAL_API_TOKEN: randomBytes(24).toString('base64url'),
  CRON_SECRET: randomBytes(24).toString('base64url'),
};

let allPassed = true;
function check(label: string, ok: boolean, detail: string): void {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${detail}`);
  allPassed &&= ok;
}

async function post(server: BenchServer, path: string, body: unknown, authorization: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

await ensureBuild(options.distDir, options.rebuild);
const database = await freshPostgresDatabase(options.postgres, 'pais_multi');
const receiver = await startReceiver();
const servers: BenchServer[] = [];
try {
  const seeded = await seedQuestionnaire(database.url);
  const db = createDatabase(database.url, 2);
  await configureWebhook(
    db.prisma,
    seeded.questionnaireId,
    { url: receiver.url },
    { settings: { secretBox: createSecretBox(secrets.NEXTAUTH_SECRET), allowPrivateUrls: true } },
  );
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    ...secrets,
  };
  servers.push(await startBenchServer({ port: 3511, distDir: options.distDir, env }));
  servers.push(await startBenchServer({ port: 3512, distDir: options.distDir, env }));
  const [a, b] = servers as [BenchServer, BenchServer];

  // Participants and results through both instances, in parallel.
  const created = await Promise.all(
    Array.from({ length: options.participants }, (_, i) =>
      post(
        i % 2 ? b : a,
        '/questionnaire/v1/participant',
        { project_uuid: seeded.questionnaireId, interview_ref_num: `MI-${i}` },
        seeded.apiKey,
      ),
    ),
  );
  const participantIds = created
    .filter((r) => r.status === 200)
    .map((r) => r.body.participant_uuid as string);
  check(
    'participants created',
    participantIds.length === options.participants,
    `${participantIds.length}/${options.participants} answered 200`,
  );
  const stored = await db.prisma.participant.count({ where: { questionnaireId: seeded.questionnaireId } });
  check('participants stored once', stored === options.participants, `${stored} rows`);

  const result = {
    status: 'Result Published',
    overall_evaluation: 'LR',
    questions_risk_rating: [{ sequence: '1', risk_level: 'LR', text: 'Question one' }],
    is_admission: false,
    is_counter_measure: false,
    is_not_complete: false,
    summary: 'LR',
    summary_bgcolor: '#28a745',
    clear: true,
  };
  const ingested = await Promise.all(
    participantIds.map((id, i) =>
      post(
        i % 2 ? a : b,
        '/api/internal/results',
        { participant_uuid: id, ...result },
        `Bearer ${secrets.INTERNAL_API_TOKEN}`,
      ),
    ),
  );
  const accepted = ingested.filter((r) => r.status === 202).length;
  check(
    'results accepted',
    accepted === participantIds.length,
    `${accepted}/${participantIds.length} answered 202`,
  );

  // No cron call: the dispatchers of both instances, woken at each commit, send everything by themselves.
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    const pending = await db.prisma.webhookDelivery.count({ where: { status: 'pending' } });
    if (pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const deliveredIn = Date.now() - started;
  // The cron route stays a backstop: both instances flushing at once find nothing left and send nothing again.
  const flush = (server: BenchServer) =>
    fetch(`${server.baseUrl}/api/cron/flush-webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secrets.CRON_SECRET}` },
    }).then((r) => r.status);
  const flushStatuses = await Promise.all([flush(a), flush(b), flush(a), flush(b)]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const deliveries = await db.prisma.webhookDelivery.findMany({ select: { messageId: true, status: true } });
  const delivered = deliveries.filter((d) => receiver.received.has(d.messageId)).length;
  const duplicates = [...receiver.received.values()].filter((n) => n > 1).length;
  check(
    'deliveries received with no cron call',
    delivered === accepted && deliveries.every((d) => d.status === 'succeeded'),
    `${delivered}/${accepted} in ${deliveredIn} ms`,
  );
  check(
    'cron backstop answers on both instances',
    flushStatuses.every((s) => s === 200),
    flushStatuses.join(', '),
  );
  check('deliveries sent once', duplicates === 0, `${duplicates} message ids arrived more than once`);

  // A key deleted through one instance is refused by the other within 5 seconds.
  const { record } = await insertApiKey(db.prisma, {
    questionnaireId: seeded.questionnaireId,
    name: 'to delete',
    scopes: ['participant:write'],
  });
  const createWith = (server: BenchServer, irn: string) =>
    post(
      server,
      '/questionnaire/v1/participant',
      { project_uuid: seeded.questionnaireId, interview_ref_num: irn },
      record.api_key,
    );
  await createWith(b, 'MI-warm-cache');
  const deleted = await fetch(
    `${a.baseUrl}/questionnaire/v1/tenants/${seeded.tenantId}/questionnaires/${seeded.questionnaireId}/apikeys/${record.id}`,
    {
      method: 'DELETE',
      headers: { authorization: seeded.apiKey },
    },
  );
  const onDeletingInstance = (await createWith(a, 'MI-after-delete-a')).status;
  const deletedAt = Date.now();
  let refusedAfterMs: number | null = null;
  while (Date.now() - deletedAt < 10_000) {
    if ((await createWith(b, `MI-after-delete-b-${Date.now()}`)).status === 401) {
      refusedAfterMs = Date.now() - deletedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check(
    'deleted key refused at once by the deleting instance',
    deleted.status === 204 && onDeletingInstance === 401,
    `DELETE ${deleted.status}, then ${onDeletingInstance}`,
  );
  check(
    'deleted key refused by the other instance within 5 s',
    refusedAfterMs !== null && refusedAfterMs <= 5_000,
    `${refusedAfterMs ?? 'never'} ms`,
  );
  await db.close();
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await receiver.close();
  await database.drop();
}
console.log(allPassed ? 'multi-instance: all checks passed' : 'multi-instance: some checks FAILED');
process.exit(allPassed ? 0 : 1);
