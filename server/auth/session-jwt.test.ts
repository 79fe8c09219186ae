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

async function sessionToken(secret: string, maxAge = 3600): Promise<string> {
  return encode({ secret, maxAge, token: { adminId: 'admin-1', signedInAt: Date.now(), sub: 'admin-1' } });
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
    const options = buildAuthOptions({ current: NEW, previous: [OLD] });
    const old = await sessionToken(OLD);
    const { body, cookies } = await readSession(options, old);
    expect(body.adminId).toBe('admin-1');
    const reissued = cookies.find((c) => c.name === 'next-auth.session-token')!.value;
    expect(reissued).not.toBe(old);
    // The new cookie opens without the previous secret.
    const { body: again } = await readSession(buildAuthOptions({ current: NEW, previous: [] }), reissued);
    expect(again.adminId).toBe('admin-1');
  });

  it('is refused once the previous secret is dropped, when signed with an unknown one, or when expired', async () => {
    const onlyNew = buildAuthOptions({ current: NEW, previous: [] });
    expect((await readSession(onlyNew, await sessionToken(OLD))).body).toEqual({});
    const rotated = buildAuthOptions({ current: NEW, previous: [OLD] });
    expect(
      (await readSession(rotated, await sessionToken('some-other-secret-0123456789abcdefgh'))).body,
    ).toEqual({});
    expect((await readSession(rotated, await sessionToken(OLD, -60))).body).toEqual({});
  });
});
