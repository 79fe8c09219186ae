// Measures the delay from result ingestion to webhook delivery with the built-in scheduler: starts the
// production server (an existing build) on a fresh embedded database with WEBHOOK_SCHEDULER=true, points a
// questionnaire's webhook at a local receiver, posts results to /api/internal/results and times each one from
// just before the POST until the signed delivery arrives.
//
//   NEXT_DIST_DIR=.next-hooks npx next build
//   NEXT_DIST_DIR=.next-hooks npx tsx scripts/measure-webhook-latency.ts [--results 50] [--interval-ms 200] [--port 3402]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { parseEnv } from '@/server/env';
import { resolveAppSecret } from '@/server/auth/app-secret';
import { createDatabase } from '@/server/db/client';
import { deployMigrations } from '@/server/db/migrations/migrator';
import { generateAccessCode, randomToken } from '@/server/lib/secrets';
import { configureWebhook } from '@/server/services/webhooks';
import { createSecretBox } from '@/server/webhooks/secret-box';
import { verifyWebhook } from '@/server/webhooks/signing';
import { startTestReceiver } from '@/server/webhooks/test-receiver';
import { sampleResult } from '@/server/webhooks/test-fixtures';

const { values: args } = parseArgs({
  options: {
    results: { type: 'string', default: '50' },
    'interval-ms': { type: 'string', default: '200' },
    port: { type: 'string', default: '3402' },
  },
});
const total = Number(args.results);
const intervalMs = Number(args['interval-ms']);
const port = Number(args.port);
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
if (!fs.existsSync(path.join(distDir, 'BUILD_ID'))) {
  console.error(`No production build in ${distDir}: run NEXT_DIST_DIR=${distDir} npx next build first.`);
  process.exit(1);
}

const dataDir = path.resolve('data', `webhook-latency-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const databaseUrl = `pglite:${path.join(dataDir, 'pglite')}`;
const token = randomBytes(24).toString('base64url');
const serverEnv = {
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  WEBHOOK_SCHEDULER: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  INTERNAL_API_TOKEN: token,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: distDir,
  ADMIN_EMAIL: 'latency@example.com',
  ADMIN_PASSWORD: 'latency-password-123',
} as const;

const arrivals = new Map<string, number>();
const receiver = await startTestReceiver((request) => {
  const body = JSON.parse(request.body) as { interview_ref_num: string };
  arrivals.set(body.interview_ref_num, request.receivedAt);
  return { status: 204 };
});

// Seed: a questionnaire whose webhook points at the receiver, and one participant per result.
await deployMigrations(databaseUrl);
const env = parseEnv({ ...process.env, ...serverEnv });
const database = createDatabase(databaseUrl, 1);
let secret: string;
const participants: { id: string; irn: string }[] = [];
try {
  const tenant = await database.prisma.tenant.create({ data: { name: 'Latency' } });
  const questionnaire = await database.prisma.questionnaire.create({
    data: { tenantId: tenant.id, name: 'Latency' },
  });
  const created = await configureWebhook(
    database.prisma,
    questionnaire.id,
    { url: receiver.url },
    { settings: { secretBox: createSecretBox(resolveAppSecret(env)), allowPrivateUrls: true } },
  );
  secret = created.secret!;
  for (let i = 0; i < total; i++) {
    const irn = `LAT-${i}`;
    const participant = await database.prisma.participant.create({
      data: {
        questionnaireId: questionnaire.id,
        irn,
        attempts: { create: { number: 1, accessCode: generateAccessCode(), guideToken: randomToken(24) } },
      },
    });
    participants.push({ id: participant.id, irn });
  }
} finally {
  await database.close();
}

const server = spawn(process.execPath, [path.resolve('node_modules/.bin/tsx'), 'scripts/start.ts'], {
  env: { ...process.env, ...serverEnv },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stopServer);

const baseUrl = `http://127.0.0.1:${port}`;
const healthDeadline = Date.now() + 120_000;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
  const healthy = await fetch(`${baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (healthy) break;
  if (Date.now() > healthDeadline) throw new Error('the server did not become healthy within 120 s');
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const posted = new Map<string, number>();
const postDurations: number[] = [];
for (const participant of participants) {
  const started = Date.now();
  posted.set(participant.irn, started);
  const response = await fetch(`${baseUrl}/api/internal/results`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ participant_uuid: participant.id, ...sampleResult() }),
  });
  postDurations.push(Date.now() - started);
  if (response.status !== 202)
    throw new Error(`ingestion answered ${response.status}: ${await response.text()}`);
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
await receiver.waitFor(total, 60_000);
for (const request of receiver.requests) verifyWebhook(secret, request.body, request.headers);

const delays = participants.map((p) => arrivals.get(p.irn)! - posted.get(p.irn)!).sort((a, b) => a - b);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sortedPosts = [...postDurations].sort((a, b) => a - b);
const report = {
  results: total,
  interval_ms: intervalMs,
  deliveries_received: receiver.requests.length,
  all_signatures_verified: true,
  ingestion_to_delivery_ms: {
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    max: delays.at(-1)!,
    min: delays[0]!,
  },
  ingestion_response_ms: { p50: percentile(sortedPosts, 50), max: sortedPosts.at(-1)! },
};
console.log(JSON.stringify(report, null, 2));

stopServer();
await receiver.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
