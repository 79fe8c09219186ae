// PostgreSQL restarted under load: while it is down, requests must fail with a clear 503 in the documented
// shape (never a 500 or a hang), and the service must recover by itself once it is back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { seedQuestionnaire } from '../bench/fixtures';
import { startBenchServer } from '../bench/server';

export interface DatabaseRestartFigures {
  requests: number;
  ok200: number;
  clear503: number;
  other5xx: number;
  otherStatus: number;
  connectionErrors: number;
  outageSeconds: number;
  recoverySeconds: number | null;
  ok: boolean;
}

function postgresCluster(action: 'stop' | 'start'): void {
  const version = fs.readdirSync('/etc/postgresql')[0]!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], { stdio: 'inherit' });
}

export async function runDatabaseRestart(options: {
  databaseUrl: string;
  distDir: string;
  port: number;
  connections: number;
  durationSeconds: number;
  outageSeconds: number;
}): Promise<DatabaseRestartFigures> {
  const seeded = await seedQuestionnaire(options.databaseUrl);
  const counts = { ok200: 0, clear503: 0, other5xx: 0, otherStatus: 0 };
  let restartedAt = 0;
  let recoveredAt: number | null = null;
  let serial = 0;
  const server = await startBenchServer({
    port: options.port,
    distDir: options.distDir,
    env: { DATABASE_URL: options.databaseUrl, WEBHOOK_SCHEDULER: 'false' },
  });
  const outage = setTimeout(() => {
    console.log('  stopping PostgreSQL …');
    postgresCluster('stop');
    setTimeout(() => {
      console.log('  starting PostgreSQL …');
      postgresCluster('start');
      restartedAt = Date.now();
    }, options.outageSeconds * 1000);
  }, 3_000);
  let result: autocannon.Result;
  try {
    result = await autocannon({
      url: `${server.baseUrl}/questionnaire/v1/participant`,
      connections: options.connections,
      duration: options.durationSeconds,
      timeout: 20,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: seeded.apiKey },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              project_uuid: seeded.questionnaireId,
              interview_ref_num: `RESTART-${serial++}`,
            }),
          }),
          onResponse: (status, body) => {
            if (status === 200) {
              counts.ok200++;
              if (restartedAt && recoveredAt === null) recoveredAt = Date.now();
            } else if (status === 503) {
              const parsed = JSON.parse(body) as { error?: string; status?: number; message?: string };
              if (parsed.error === 'SERVICE_UNAVAILABLE' && parsed.status === 503 && parsed.message)
                counts.clear503++;
              else counts.otherStatus++;
            } else if (status >= 500) counts.other5xx++;
            else counts.otherStatus++;
          },
        },
      ],
    });
  } finally {
    clearTimeout(outage);
    await server.stop();
  }
  const recoverySeconds = recoveredAt && restartedAt ? (recoveredAt - restartedAt) / 1000 : null;
  return {
    requests: result.requests.total,
    ...counts,
    connectionErrors: result.errors + result.timeouts,
    outageSeconds: options.outageSeconds,
    recoverySeconds,
    ok: counts.other5xx === 0 && counts.otherStatus === 0 && counts.clear503 > 0 && recoverySeconds !== null,
  };
}
