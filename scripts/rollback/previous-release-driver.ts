// Run by scripts/rollback/check.ts INSIDE an extracted copy of the previous release, with that release's
// modules: on a database already migrated to the new release's schema, it publishes a result and runs its
// dispatcher over several retry windows (a moved clock), as a rolled-back instance would. Prints its flush
// counts (or each flush's error) as one JSON line.
// Usage: tsx previous-release-driver.ts <DATABASE_URL> <participant id>
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/server/generated/prisma/client.ts';
import { publishResult } from '@/server/results/results';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { sampleResult, testSettings } from '@/server/test/webhook-fixtures';

const [databaseUrl, participantId] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
const settings = testSettings();
const t0 = new Date();
const flushes = [];
try {
  await publishResult(prisma, {
    participantId: participantId!,
    result: sampleResult({ summary: 'LR' }),
    source: 'engine',
    now: t0,
  });
  // At once, after the first retry delay, and well past the lease and the next retries: a delivery sent but
  // not recorded would be sent again in one of the later windows.
  for (const seconds of [0, 6, 70, 130, 400, 1_000]) {
    const at = new Date(t0.getTime() + seconds * 1000);
    try {
      flushes.push({
        seconds,
        ...(await flushWebhooks(prisma, { settings, now: () => at, timeoutMs: 2_000 })),
      });
    } catch (error) {
      // As the scheduler would: note the failure and flush again at the next window.
      flushes.push({ seconds, error: String((error as Error).message).slice(0, 300) });
    }
  }
  console.log(JSON.stringify({ flushes }));
} finally {
  await prisma.$disconnect();
  await pool.end();
}
