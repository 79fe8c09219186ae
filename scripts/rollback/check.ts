// `npm run test:rollback [-- --previous <git ref>]`: the release policy's proof (docs/operations.md) that the
// previous release keeps working on this release's schema, and that what it stores meanwhile reads back once
// this release runs again. On a new database beside TEST_DATABASE_URL: this release's migrations, a webhook to
// a local receiver (first answer 500) and two results published by this release (one participant each); then
// the previous release (extracted with `git archive`, on this checkout's node_modules) publishes a third and
// runs its dispatcher over several retry windows; then, rolled forward, this release's REST door reads the
// results feed and each participant's result. Passes when every delivery was accepted by the receiver exactly
// once and is recorded as succeeded, and the feed and each single read hold all three results; exits 1
// otherwise (e.g. a re-send every retry window because the previous release cannot record outcomes on the new
// schema, or a result it stored missing from the feed).
// The default previous release is the commit before the newest one that added a migration.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { publishResult } from '@/server/results/results';
import { insertApiKey } from '@/server/api-keys/api-keys';
import { createRestHandler } from '@/server/doors/rest/handler';
import { configureWebhook } from '@/server/webhooks/config';
import { addParticipant, sampleResult, seedParticipant, testSettings } from '@/server/test/webhook-fixtures';
import { startTestReceiver } from '@/server/test/webhook-receiver';
import { freshPostgresDatabase } from '../bench/fixtures';

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

function defaultPreviousRelease(): string {
  const newestMigration = git('log', '-1', '--format=%H', '--diff-filter=A', '--', 'prisma/migrations');
  return `${newestMigration}^`;
}

/** The previous release's files in a temporary folder, on this checkout's node_modules, its client generated. */
function extractRelease(ref: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-previous-release-'));
  execFileSync('bash', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`]);
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  execFileSync('npx', ['tsx', 'scripts/generate-client.ts'], { cwd: dir, stdio: 'ignore' });
  fs.copyFileSync(
    'scripts/rollback/previous-release-driver.ts',
    path.join(dir, 'previous-release-driver.ts'),
  );
  return dir;
}

/**
 * This release's REST door on the database the previous release wrote to: the participants whose result
 * (by its summary) GET /v1/results lacks, and those whose GET /v1/participant/{id}/result is not that result.
 */
async function readAfterRollingForward(questionnaireId: string, summaries: Map<string, string>) {
  const { record } = await insertApiKey(prisma, {
    questionnaireId,
    name: 'rollback check',
    scopes: ['participant:read'],
  });
  const rest = createRestHandler({ db: prisma });
  const get = async (path: string) => {
    const response = await rest(
      new Request(`http://localhost/questionnaire/v1${path}`, {
        headers: { authorization: record.api_key },
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const feed = await get('/results?limit=100');
  const fed = new Map(
    ((feed.body.results ?? []) as { participant_uuid: string; summary?: string }[]).map((r) => [
      r.participant_uuid,
      r.summary,
    ]),
  );
  const missingFromFeed = [...summaries].filter(([id, summary]) => fed.get(id) !== summary).map(([id]) => id);
  const singleReadsWrong: string[] = [];
  for (const [id, summary] of summaries) {
    const single = await get(`/participant/${id}/result`);
    if (single.status !== 200 || single.body.summary !== summary)
      singleReadsWrong.push(`${id}: ${single.status} ${JSON.stringify(single.body).slice(0, 120)}`);
  }
  return { feedStatus: feed.status, fed: fed.size, missingFromFeed, singleReadsWrong };
}

const program = new Command('rollback-check')
  .option('--previous <ref>', 'the previous release (a git ref)', defaultPreviousRelease())
  .parse();
const { previous } = program.opts<{ previous: string }>();
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const { url: databaseUrl, drop } = await freshPostgresDatabase(serverUrl, 'pais_rollback');
const receiver = await startTestReceiver((_req, index) => (index === 0 ? { status: 500 } : { status: 204 }));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
let releaseDir: string | undefined;
let passed = false;
try {
  await deployMigrations(databaseUrl);
  const seeded = await seedParticipant(prisma);
  await configureWebhook(prisma, seeded.questionnaireId, { url: receiver.url }, { settings: testSettings() });
  // One participant per publication: a participant's newer result supersedes (cancels) its older queued
  // delivery, which is not what this check is about.
  const second = await addParticipant(prisma, seeded.questionnaireId);
  const third = await addParticipant(prisma, seeded.questionnaireId);
  const summaries = new Map([
    [seeded.participantId, 'HR'],
    [second.participantId, 'MR'],
    [third.participantId, 'LR'], // published by the previous release (previous-release-driver.ts)
  ]);
  for (const participantId of [seeded.participantId, second.participantId])
    await publishResult(prisma, {
      participantId,
      result: sampleResult({ summary: summaries.get(participantId) }),
      source: 'engine',
    });

  console.log(
    `previous release: ${git('rev-parse', '--short', previous)} (${git('log', '-1', '--format=%s', previous).slice(0, 100)})`,
  );
  releaseDir = extractRelease(previous);
  // Asynchronously: the receiver answers from this process's event loop meanwhile.
  const driver = await promisify(execFile)(
    'npx',
    ['tsx', 'previous-release-driver.ts', databaseUrl, third.participantId],
    {
      cwd: releaseDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      timeout: 180_000,
    },
  ).then(
    (out) => ({ ok: true, output: out.stdout.trim() }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().slice(0, 2000),
    }),
  );
  console.log(`previous release's dispatcher: ${driver.output}`);

  const accepted = new Map<string, number>();
  for (const request of receiver.requests) {
    const id = String(request.headers['webhook-id']);
    accepted.set(id, (accepted.get(id) ?? 0) + (request === receiver.requests[0] ? 0 : 1));
  }
  const deliveries = await prisma.webhookDelivery.findMany({ select: { messageId: true, status: true } });
  const attemptErrors = await prisma.webhookDeliveryAttempt.findMany({
    where: { error: { not: null } },
    select: { error: true },
    distinct: ['error'],
  });
  const reads = await readAfterRollingForward(seeded.questionnaireId, summaries);
  const duplicates = [...accepted].filter(([, n]) => n > 1);
  const notSucceeded = deliveries.filter((d) => d.status !== 'succeeded');
  const neverAccepted = deliveries.filter((d) => !accepted.get(d.messageId));
  console.log(
    JSON.stringify({
      deliveries: deliveries.length,
      requests: receiver.requests.length,
      acceptedMoreThanOnce: duplicates.length,
      notRecordedAsSucceeded: notSucceeded.length,
      neverAccepted: neverAccepted.length,
      attemptErrors: attemptErrors.map((a) => a.error),
      ...reads,
    }),
  );
  passed =
    driver.ok &&
    deliveries.length === 3 &&
    !duplicates.length &&
    !notSucceeded.length &&
    !neverAccepted.length &&
    !reads.missingFromFeed.length &&
    !reads.singleReadsWrong.length;
  console.log(passed ? 'PASS: the previous release works on this schema' : 'FAIL: see above');
} finally {
  await prisma.$disconnect();
  await pool.end();
  await receiver.close();
  await drop();
  if (releaseDir) fs.rmSync(releaseDir, { recursive: true, force: true });
}
process.exitCode = passed ? 0 : 1;
