// GET /api/health is the liveness probe: a platform restarts an instance that fails it, and restarting every
// instance cures no database outage. So it stays 200 while the database is gone (saying so in its body), and
// GET /api/ready is the one that turns 503.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import {
  createTestDatabase,
  takeDatabaseAway,
  testDatabaseKinds,
  type TestDatabase,
} from '@/server/test/database';
import { liveness } from './liveness';
import { readiness } from './readiness';

describe.each(testDatabaseKinds())('GET /api/health during a database outage (%s)', (kind) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.close().catch(() => undefined);
    db = undefined;
  });

  it(
    'stays 200 and reports the database unreachable, while readiness answers 503',
    { timeout: 90_000 },
    async () => {
      db = await createTestDatabase(kind);
      const database = db;
      // Polled: on a loaded machine the first query may take longer than liveness waits for the database.
      await expect
        .poll(() => liveness(() => database.prisma), { timeout: 30_000 })
        .toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });

      await takeDatabaseAway(database);
      expect(await liveness(() => database.prisma)).toEqual({
        status: 200,
        body: { status: 'ok', database: 'unreachable' },
      });
      expect((await readiness(() => database.prisma)).status).toBe(503);
    },
  );
});

describe('GET /api/health with a database that accepts connections and never answers', () => {
  const sockets: net.Socket[] = [];
  let silent: net.Server | undefined;
  afterEach(() => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
  });

  it(
    'answers 200 without waiting for it, the database reported unreachable',
    { timeout: 30_000 },
    async () => {
      silent = net.createServer((socket) => sockets.push(socket.on('error', () => undefined)));
      await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as AddressInfo;
      const database = createDatabase(`postgresql://postgres@127.0.0.1:${port}/silent`, 1);
      try {
        expect(await liveness(() => database.prisma)).toEqual({
          status: 200,
          body: { status: 'ok', database: 'unreachable' },
        });
        // It was this silent database that the probe gave up on (its connection may land after the answer).
        await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
      } finally {
        await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      }
    },
  );
});
