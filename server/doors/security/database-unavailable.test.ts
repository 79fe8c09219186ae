// With the database gone (dropped or renamed under a running server, or nothing listening), every door,
// REST and the cron route included, must answer the documented 503 with Retry-After, and no database text may
// leave the server. Run against real failures: a port nobody listens on, and (with TEST_DATABASE_URL) a
// PostgreSQL database dropped or renamed while in use.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { createDatabase } from '@/server/platform/db/client';
import { createTestDatabase } from '@/server/test/database';
import { createRestHandler } from '@/server/doors/rest/handler';
import { createResultIngestionHandler } from '@/server/doors/result-ingestion';
import { createFlushHandler } from '@/server/doors/flush-endpoint';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { authorizeAdmin } from '@/server/admins/options';
import { unavailableInstead } from '@/server/admins/sign-in-door';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/server/platform/lib/database-errors';
import { sampleResult } from '@/server/test/webhook-fixtures';

const TOKEN = 'a-token-that-is-long-enough-for-the-door';
const PARTICIPANT = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

interface Outage {
  prisma: PrismaClient;
  cleanup: () => Promise<void>;
}

/** A database that cannot be reached at all: nobody listens on the port. */
function connectionRefused(): Outage {
  const db = createDatabase('postgresql://postgres@127.0.0.1:4199/none', 1);
  return { prisma: db.prisma, cleanup: () => db.close() };
}

/** A real PostgreSQL database, used once, then dropped or renamed under the running client. */
async function goneWhileInUse(how: 'dropped' | 'renamed'): Promise<Outage> {
  const database = await createTestDatabase('postgresql');
  await database.prisma.tenant.count(); // in use: the pool holds a connection
  const name = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  if (how === 'dropped') {
    await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
  } else {
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
    await admin.query(`ALTER DATABASE "${name}" RENAME TO "${name}_renamed"`);
  }
  await admin.end();
  return {
    prisma: database.prisma,
    cleanup: async () => {
      await database.prisma.$disconnect().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}_renamed" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const outages: [string, () => Promise<Outage>][] = [
  ['connection refused', () => Promise.resolve(connectionRefused())],
  ...(process.env.TEST_DATABASE_URL
    ? ([
        ['PostgreSQL database dropped while in use', () => goneWhileInUse('dropped')],
        ['PostgreSQL database renamed while in use', () => goneWhileInUse('renamed')],
      ] as [string, () => Promise<Outage>][])
    : []),
];

async function expectUnavailable(response: Response) {
  const text = await response.text();
  expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
    status: 503,
    retryAfter: '5',
  });
  expect(text).toContain(DATABASE_UNAVAILABLE_MESSAGE);
  expect(text).not.toMatch(/prisma|invocation|does not exist|ECONNREFUSED|database "/i);
}

describe.each(outages)('every door answers 503 with Retry-After: %s', (_name, open) => {
  let outage: Outage | undefined;
  afterEach(async () => {
    await outage?.cleanup();
    outage = undefined;
  });

  it('REST API, result ingestion, cron flush, Admin tRPC and sign-in', async () => {
    outage = await open();
    const { prisma } = outage;

    const rest = createRestHandler({ db: prisma });
    await expectUnavailable(
      await rest(
        new Request('http://localhost/questionnaire/v1/participant', {
          method: 'POST',
          headers: {
            authorization: 'pais_live_not-a-real-key-but-well-formed',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ project_uuid: PARTICIPANT, interview_ref_num: 'X' }),
        }),
      ),
    );

    const ingest = createResultIngestionHandler({ db: () => prisma, token: () => TOKEN });
    await expectUnavailable(
      await ingest(
        new Request('http://localhost/api/internal/results', {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ participant_uuid: PARTICIPANT, ...sampleResult() }),
        }),
      ),
    );

    const flush = createFlushHandler({ db: () => prisma, secret: () => TOKEN });
    await expectUnavailable(
      await flush(
        new Request('http://localhost/api/cron/flush-webhooks', {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}` },
        }),
      ),
    );

    const admin = createAdminDoorHandler({
      db: () => prisma,
      session: () =>
        Promise.resolve({ adminId: PARTICIPANT, signedInAt: Date.now(), expires: '' } satisfies Session),
    });
    await expectUnavailable(await admin(new Request('http://localhost/api/trpc/questionnaire.list')));

    // Sign-in: the credentials check reports the outage in the one message, and the route makes it a 503.
    const signIn = authorizeAdmin(prisma, { email: 'admin@example.com', password: 'a-long-enough-password' });
    await expect(signIn).rejects.toThrow(DATABASE_UNAVAILABLE_MESSAGE);
    const error: string = await signIn.then(
      () => '',
      (e: Error) => e.message,
    );
    const nextAuthAnswer = Response.json(
      { url: `http://localhost/login?error=${encodeURIComponent(error)}` },
      { status: 401 },
    );
    await expectUnavailable((await unavailableInstead(nextAuthAnswer))!);
  });
});
