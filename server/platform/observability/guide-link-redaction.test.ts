// A guide link's token shows the participant's access code to whoever holds it: `npm start` (the real server,
// Next.js rendering the real guide page) must not write it to its log lines, its exported spans or its metric
// labels. The server's stdout and an OTLP receiver on 127.0.0.1 are searched for the token after a participant
// opened their guide (and after a few spellings of the link that do not lead to the page).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { createTestDatabase, testDatabaseKinds } from '@/server/test/database';
import { freePort } from '@/server/test/free-port';
import { spanAttribute, startOtlpReceiver, type OtlpReceiver } from '@/server/test/otlp-receiver';
import { seedParticipant } from '@/server/test/webhook-fixtures';

const TSX = path.resolve('node_modules/.bin/tsx');
const METRICS_TOKEN = 'metrics-token-for-the-guide-link-test-0123';

/** A new participant of a new questionnaire: its first attempt's guide token and access code. */
async function seedGuide(prisma: PrismaClient): Promise<{ token: string; accessCode: string }> {
  const { participantId, accessCode } = await seedParticipant(prisma);
  const attempt = await prisma.attempt.findFirstOrThrow({ where: { participantId } });
  return { token: attempt.guideToken, accessCode };
}

/** The database the server will open, with one participant in it (the embedded one in a new directory). */
async function prepareDatabase(
  kind: 'pglite' | 'postgresql',
  dir: string,
): Promise<{ url: string; token: string; accessCode: string; close: () => Promise<void> }> {
  if (kind === 'postgresql') {
    const db = await createTestDatabase('postgresql');
    return { url: db.url, ...(await seedGuide(db.prisma)), close: db.close };
  }
  const url = `pglite:${path.join(dir, 'pglite')}`;
  await deployMigrations(url);
  // Closed before the server starts: one process at a time opens an embedded data directory.
  const db = createDatabase(url, 1);
  try {
    return { url, ...(await seedGuide(db.prisma)), close: async () => {} };
  } finally {
    await db.close();
  }
}

describe.each(testDatabaseKinds())('guide links in logs, traces and metrics (%s)', (kind) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-link-logs-'));
  let server: ChildProcessWithoutNullStreams;
  let otlp: OtlpReceiver;
  let base: string;
  let stdout = '';
  let stderr = '';
  let guide: Awaited<ReturnType<typeof prepareDatabase>>;

  beforeAll(async () => {
    guide = await prepareDatabase(kind, dir);
    otlp = await startOtlpReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // --dev: no production build needed; Next.js renders the same guide page either way.
    server = spawn(TSX, ['scripts/start.ts', '--dev'], {
      env: {
        ...process.env,
        DATABASE_URL: guide.url,
        PORT: String(port),
        PUBLIC_BASE_URL: base,
        ADMIN_EMAIL: 'guide-link-logs@example.com',
        ADMIN_PASSWORD: 'guide-link-logs-password-0123',
        NEXTAUTH_SECRET: 'guide-link-logs-test-secret-0123456789',
        WEBHOOK_SCHEDULER: 'false',
        // Migrated already (a test database is a copy of a migrated template).
        SKIP_MIGRATIONS: 'true',
        // A build folder of its own: Next.js refuses a second development server on one folder, and other test
        // files start theirs at the same time.
        NEXT_DIST_DIR: '.next-guide-link-test',
        METRICS_TOKEN,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlp.url,
        LOG_LEVEL: 'debug',
      },
      detached: true,
    });
    server.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 150_000;
    while (!/Listening on/.test(stdout)) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid!, 'SIGKILL');
      await exited;
    }
    await otlp?.close();
    await guide?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the guide route pattern, never the token, to the access lines, the spans and the metric labels', async () => {
    const page = await fetch(`${base}/guide/${guide.token}`);
    expect(page.status).toBe(200);
    // The real page: it shows the access code the token stands for.
    expect(await page.text()).toContain(guide.accessCode);
    // Spellings that do not reach the page still carry the token.
    for (const spelling of [
      `/guide/${guide.token}/more`,
      `/GUIDE/${guide.token}`,
      `//guide/${guide.token}`,
      `/%67uide/${guide.token}?utm=1`,
    ])
      await fetch(`${base}${spelling}`, { redirect: 'manual' });
    const metrics = await (
      await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();

    // Spans leave in batches every second: wait for the guide page's.
    const deadline = Date.now() + 20_000;
    while (!otlp.spans.some((span) => spanAttribute(span, 'http.route') === '/guide/{token}')) {
      if (Date.now() > deadline) throw new Error('no span of the guide page was exported');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const accessLines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(accessLines.filter((line) => line.path === '/guide/{token}').length).toBeGreaterThanOrEqual(5);
    expect(accessLines.find((line) => line.path === '/guide/{token}' && line.status === 200)).toMatchObject({
      route: '/guide/{token}',
    });
    const guideSpan = otlp.spans.find((span) => span.name === 'GET /guide/{token}');
    expect(spanAttribute(guideSpan, 'url.path')).toBe('/guide/{token}');
    expect(metrics).toMatch(/http_request_duration_seconds_count\{route="\/guide\/\{token\}"/);

    expect(stdout).not.toContain(guide.token);
    expect(stderr).not.toContain(guide.token);
    for (const body of otlp.bodies) expect(body).not.toContain(guide.token);
    expect(metrics).not.toContain(guide.token);
  }, 120_000);
});
