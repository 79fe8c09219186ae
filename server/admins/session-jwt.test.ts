// Admin sessions across an app-secret rotation, read by next-auth's own session route.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { buildAuthOptions } from './options';

// next-auth's own request handler (what /api/auth/session runs), which its package does not export by name.
const { AuthHandler } = createRequire(import.meta.url)(
  path.resolve('node_modules/next-auth/core/index.js'),
) as {
  AuthHandler: (params: { req: Request; options: unknown }) => Promise<{
    body?: unknown;
    cookies?: { name: string; value: string }[];
  }>;
};

const OLD = 'the-old-application-secret-0123456789abcdef';
const NEW = 'the-new-application-secret-0123456789abcdef';

/** When the test's rotation happened: an hour ago. */
const ROTATED_AT = new Date(Date.now() - 3600_000);

async function sessionToken(
  secret: string,
  maxAge = 3600,
  signedInAt = ROTATED_AT.getTime() - 60_000,
): Promise<string> {
  return encode({ secret, maxAge, token: { adminId: 'admin-1', signedInAt, sub: 'admin-1' } });
}

async function readSession(options: ReturnType<typeof buildAuthOptions>, token: string) {
  const response = await AuthHandler({
    req: new Request('http://localhost/api/auth/session', {
      headers: { cookie: `next-auth.session-token=${token}`, host: 'localhost' },
    }),
    options,
  });
  return { body: response.body as { adminId?: string }, cookies: response.cookies ?? [] };
}

describe('Admin sessions with a keyring', () => {
  it('a session signed with a previous secret stays valid and is re-issued under the current one', async () => {
    const options = buildAuthOptions({ current: NEW, previous: [OLD], rotatedAt: ROTATED_AT });
    const old = await sessionToken(OLD);
    const { body, cookies } = await readSession(options, old);
    expect(body.adminId).toBe('admin-1');
    const reissued = cookies.find((c) => c.name === 'next-auth.session-token')!.value;
    expect(reissued).not.toBe(old);
    // The new cookie opens without the previous secret.
    const { body: again } = await readSession(
      buildAuthOptions({ current: NEW, previous: [], rotatedAt: ROTATED_AT }),
      reissued,
    );
    expect(again.adminId).toBe('admin-1');
  });

  it('is refused once the previous secret is dropped, when signed with an unknown one, or when expired', async () => {
    const onlyNew = buildAuthOptions({ current: NEW, previous: [], rotatedAt: ROTATED_AT });
    expect((await readSession(onlyNew, await sessionToken(OLD))).body).toEqual({});
    const rotated = buildAuthOptions({ current: NEW, previous: [OLD], rotatedAt: ROTATED_AT });
    expect(
      (await readSession(rotated, await sessionToken('some-other-secret-0123456789abcdefgh'))).body,
    ).toEqual({});
    expect((await readSession(rotated, await sessionToken(OLD, -60))).body).toEqual({});
  });

  // A previous secret (leaked, say) cannot mint new sessions during the overlap.
  it('a session signed with a previous secret after the rotation, or with no rotation time configured, is refused', async () => {
    const rotated = buildAuthOptions({ current: NEW, previous: [OLD], rotatedAt: ROTATED_AT });
    const minted = await sessionToken(OLD, 3600, Date.now());
    expect((await readSession(rotated, minted)).body).toEqual({});
    // Claiming a sign-in time in the future does not help either.
    expect((await readSession(rotated, await sessionToken(OLD, 3600, Date.now() + 3600_000))).body).toEqual(
      {},
    );
    const noTime = buildAuthOptions({ current: NEW, previous: [OLD], rotatedAt: null });
    expect((await readSession(noTime, await sessionToken(OLD))).body).toEqual({});
    // A session signed with the current secret after the rotation is of course fine.
    expect((await readSession(rotated, await sessionToken(NEW, 3600, Date.now()))).body.adminId).toBe(
      'admin-1',
    );
  });
});
