// A webhook flusher in a process of its own, for tests that kill it with SIGKILL in the middle of a send
// (server/webhooks/instance-kill.test.ts): it opens DATABASE_URL the way the server does, runs one flush with
// the test settings and a lease of LEASE_MS, and prints "flushing" once it has started. It never exits on
// its own while a send hangs: the test kills it.
import { createDatabase } from '@/server/platform/db/client';
import { startFlush } from '@/server/webhooks/dispatcher';
import { testHealthPolicy, testSettings } from '@/server/test/webhook-fixtures';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
const database = createDatabase(url, 2);
const flush = startFlush(database.prisma, {
  settings: testSettings(),
  health: testHealthPolicy(),
  flusherId: process.env.FLUSHER_ID ?? 'child-flusher',
  leaseMs: Number(process.env.LEASE_MS ?? 60_000),
  timeoutMs: 120_000,
});
process.stdout.write('flushing\n');
await flush.done;
await database.close();
