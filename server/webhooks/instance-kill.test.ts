// An instance killed with SIGKILL in the middle of its sends loses nothing and doubles nothing: a real
// flusher process (server/test/flusher-process.ts) sends three deliveries to a receiver that holds them
// unanswered, is killed, and a new flusher (the next instance, or the same one restarted on the embedded
// database's data directory) sends each of them once more, with the same webhook-id, once the dead one's
// lease has expired.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { createDatabase } from '@/server/platform/db/client';
import { createTestDatabase, migrationSql, testDatabaseKinds } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { testEventPayload } from '@/server/webhooks/test-event';
import { enqueueDeliveries } from './outbox';
import { EVENT_TYPES } from './payload';
import { flushWebhooks } from './dispatcher';
import { startTestReceiver, type TestReceiver } from '../test/webhook-receiver';
import { seedParticipant, testHealthPolicy, testSettings } from '../test/webhook-fixtures';

const LEASE_MS = 3_000;
const settings = testSettings();

/** A database the test and a child process can both reach, one after the other on the embedded database. */
interface SharedDatabase {
  url: string;
  /** Opens it in this process (on the embedded database: once the killed child's lock is stale). */
  open: () => Promise<{ prisma: PrismaClient; close: () => Promise<void> }>;
  drop: () => Promise<void>;
}

async function sharedDatabase(kind: 'pglite' | 'postgresql'): Promise<SharedDatabase> {
  if (kind === 'postgresql') {
    const db = await createTestDatabase('postgresql');
    return {
      url: db.url,
      open: () => Promise.resolve({ prisma: db.prisma, close: () => Promise.resolve() }),
      drop: db.close,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-kill-'));
  const url = `pglite:${path.join(dir, 'pglite')}`;
  const first = createDatabase(url);
  for (const sql of migrationSql()) await first.pglite!.exec(sql);
  await first.close();
  return {
    url,
    open: async () => {
      // The killed process never released its lock on the data directory: it counts as stale after 15 s.
      for (let tries = 0; ; tries++) {
        try {
          const database = createDatabase(url);
          await database.prisma.$queryRaw`SELECT 1`;
          return { prisma: database.prisma, close: database.close };
        } catch (error) {
          if (tries >= 40) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    },
    drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })),
  };
}

function startFlusherProcess(url: string): {
  child: ChildProcess;
  started: Promise<void>;
  exited: Promise<unknown>;
} {
  // Node itself with tsx's loader, not the tsx command: that one runs the script in a grandchild, which
  // SIGKILL to the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/flusher-process.ts'], {
    env: { ...process.env, DATABASE_URL: url, FLUSHER_ID: 'killed-instance', LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('flushing')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the flusher process exited (${code}) before it started`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, started, exited };
}

describe.each(testDatabaseKinds())('an instance killed mid-send (%s)', (kind) => {
  let receiver: TestReceiver | undefined;
  afterEach(async () => {
    await receiver?.close();
  });

  it(
    'loses nothing and sends each delivery once more, with its webhook-id, after the lease expires',
    { timeout: 180_000 },
    async () => {
      // Holds every request unanswered until told otherwise: the sends are in flight when the process dies.
      receiver = await startTestReceiver(() => ({ status: 200, delayMs: 600_000 }));
      const shared = await sharedDatabase(kind);
      try {
        let db = await shared.open();
        const { questionnaireId } = await seedParticipant(db.prisma);
        await configureWebhook(db.prisma, questionnaireId, { url: receiver.url }, { settings });
        const deliveryIds = await db.prisma.$transaction(async (tx) => {
          const ids: string[] = [];
          for (let i = 0; i < 3; i++) {
            const payload = testEventPayload(questionnaireId);
            ids.push(
              ...(await enqueueDeliveries(tx, { questionnaireId, eventType: EVENT_TYPES.test, payload })),
            );
          }
          return ids;
        });
        const messageIds = (
          await db.prisma.webhookDelivery.findMany({
            where: { id: { in: deliveryIds } },
            select: { messageId: true },
          })
        ).map((d) => d.messageId);
        // The embedded database has one process at a time: the child opens it after this process let go.
        if (kind === 'pglite') await db.close();

        const flusher = startFlusherProcess(shared.url);
        await flusher.started;
        const inFlight = await receiver.waitFor(3, 30_000);
        flusher.child.kill('SIGKILL');
        await flusher.exited;
        expect(new Set(inFlight.map((r) => r.headers['webhook-id']))).toEqual(new Set(messageIds));

        // The next flusher: nothing is sent while the dead one's lease holds, then each delivery exactly once.
        receiver.respond(() => ({ status: 200 }));
        if (kind === 'pglite') db = await shared.open();
        const leases = await db.prisma.webhookDelivery.findMany({
          where: { id: { in: deliveryIds } },
          select: { leasedBy: true, leaseUntil: true },
        });
        expect(leases.map((l) => l.leasedBy)).toEqual([
          'killed-instance',
          'killed-instance',
          'killed-instance',
        ]);
        const leaseEnds = Math.max(...leases.map((l) => l.leaseUntil!.getTime()));
        const early = await flushWebhooks(db.prisma, {
          settings,
          health: testHealthPolicy(),
          flusherId: 'next-instance',
        });
        if (Date.now() < Math.min(...leases.map((l) => l.leaseUntil!.getTime())))
          expect(early.claimed).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaseEnds - Date.now() + 100)));
        const counts = await flushWebhooks(db.prisma, {
          settings,
          health: testHealthPolicy(),
          flusherId: 'next-instance',
        });
        expect(counts.claimed + early.claimed).toBe(3);
        expect(await flushWebhooks(db.prisma, { settings, health: testHealthPolicy() })).toMatchObject({
          claimed: 0,
        });

        const resent = receiver.requests.slice(3);
        expect(resent.map((r) => r.headers['webhook-id']).sort()).toEqual([...messageIds].sort());
        const deliveries = await db.prisma.webhookDelivery.findMany({
          where: { id: { in: deliveryIds } },
          include: { attempts: true },
        });
        for (const delivery of deliveries) {
          expect(delivery.status).toBe('succeeded');
          expect(delivery.attempts.map((a) => a.error ?? a.statusCode)).toEqual(
            expect.arrayContaining([200, expect.stringMatching(/killed-instance stopped before finishing/)]),
          );
          expect(delivery.attempts).toHaveLength(2);
        }
        await db.close();
      } finally {
        await shared.drop();
      }
    },
  );
});
