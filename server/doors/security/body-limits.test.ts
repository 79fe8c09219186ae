// No door reads a body of any size whole (a 100 MB sign-in form, a 100 MB Admin tRPC body) or keeps a slow
// connection open: every door has a stated limit, enforced while the body streams in (whatever Content-Length
// says), answered with a clear 413; and the server `npm start` runs cuts off clients that send their request
// too slowly.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { NextRequest } from 'next/server';
import { POST as signInPost } from '@/app/api/auth/[...nextauth]/route';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { createAdmin } from '@/server/admins/users';
import { ADMIN_TRPC_BODY_LIMIT_BYTES, SIGN_IN_BODY_LIMIT_BYTES } from '@/server/platform/lib/body-limit';
import { createTestDatabase, type TestDatabase } from '@/server/test/database';
import { IMPORT_MAX_BYTES } from '@/server/imports/participant-import';
import { MAX_JSON_BODY_BYTES } from '@/server/platform/lib/json-body';

/** A body of `total` bytes that streams in 64 KiB chunks, without a Content-Length, counting what was pulled. */
function streamedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

describe('body limits of the doors that had none', () => {
  let db: TestDatabase;
  let admin: (req: Request) => Promise<Response>;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    const op = await createAdmin(db.prisma, {
      email: 'op@example.com',
      password: 'a-long-enough-password',
      isOperator: true,
    });
    admin = createAdminDoorHandler({
      db: () => db.prisma,
      session: () =>
        Promise.resolve({ adminId: op.id, signedInAt: Date.now(), expires: '' } satisfies Session),
    });
  });
  afterAll(() => db.close());

  const signIn = (body: BodyInit, headers: Record<string, string> = {}) =>
    signInPost(
      new NextRequest('http://localhost/api/auth/callback/credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
        duplex: 'half',
      }),
      { params: Promise.resolve({ nextauth: ['callback', 'credentials'] }) },
    );

  it('sign-in: 8 KiB, a bigger form is 413 and is not read to its end', async () => {
    const { stream, state } = streamedBody(100 * 1024 * 1024);
    const res = await signIn(stream);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body must not exceed 8 KiB' });
    expect(state.pulled).toBeLessThanOrEqual(SIGN_IN_BODY_LIMIT_BYTES + 3 * 64 * 1024);
    // A declared size over the limit is refused without reading at all.
    const declared = await signIn('email=a', { 'content-length': String(50 * 1024 * 1024) });
    expect(declared.status).toBe(413);
  });

  it('Admin tRPC: 1 MiB, a bigger body is a 413 in tRPC’s error shape and is not read to its end', async () => {
    const { stream, state } = streamedBody(100 * 1024 * 1024);
    const res = await admin(
      new Request('http://localhost/api/trpc/tenant.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: {
        message: 'Request body must not exceed 1 MiB',
        // tRPC's own JSON-RPC code for PAYLOAD_TOO_LARGE.
        code: -32013,
        data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 },
      },
    });
    expect(state.pulled).toBeLessThanOrEqual(ADMIN_TRPC_BODY_LIMIT_BYTES + 3 * 64 * 1024);
  });

  it('Admin tRPC: a body within the limit is served as before', async () => {
    const res = await admin(
      new Request('http://localhost/api/trpc/tenant.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Acme' }),
      }),
    );
    expect(res.status).toBe(200);
  });
});

describe('Next.js’s copy of a body for the proxy', () => {
  it('is larger than every route’s limit by more than one read, so a body it cuts is still refused with 413', async () => {
    const config = (await import(path.resolve('next.config.js'))) as {
      default: { experimental: { proxyClientMaxBodySize: number } };
    };
    // A cut body is the whole reads (each at most 64 KiB) that fit under the setting.
    expect(config.default.experimental.proxyClientMaxBodySize - 64 * 1024).toBeGreaterThan(
      Math.max(IMPORT_MAX_BYTES, ADMIN_TRPC_BODY_LIMIT_BYTES, SIGN_IN_BODY_LIMIT_BYTES, MAX_JSON_BODY_BYTES),
    );
  });
});
