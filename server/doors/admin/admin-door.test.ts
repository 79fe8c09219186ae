// The Admin tRPC door over HTTP: every JSON answer, data or refusal, query or mutation, tells browsers and
// proxies to keep nothing (Cache-Control: no-store): the answers hold tenants' data.
import type { Session } from 'next-auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { createAdmin } from '@/server/admins/users';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';

describe.each(testDatabaseKinds())('Admin tRPC answers on %s', (kind) => {
  const db = useTestDatabase(kind);
  let signedIn: (req: Request) => Promise<Response>;
  let signedOut: (req: Request) => Promise<Response>;

  beforeAll(async () => {
    const op = await createAdmin(db.prisma, {
      email: `door-${kind}@example.com`,
      password: 'a-long-enough-password',
      isOperator: true,
    });
    const session = { adminId: op.id, signedInAt: Date.now(), expires: '' } satisfies Session;
    signedIn = createAdminDoorHandler({ db: () => db.prisma, session: () => Promise.resolve(session) });
    signedOut = createAdminDoorHandler({ db: () => db.prisma, session: () => Promise.resolve(null) });
  });

  const query = (door: typeof signedIn, path: string) =>
    door(new Request(`http://localhost/api/trpc/${path}`));
  const mutation = (door: typeof signedIn, path: string, input: unknown) =>
    door(
      new Request(`http://localhost/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }),
    );

  it('carry Cache-Control: no-store, for data and refusals alike', async () => {
    const answers = [
      await query(signedIn, 'tenant.list'),
      await mutation(signedIn, 'tenant.create', { name: `Acme ${kind}` }),
      await mutation(signedIn, 'tenant.create', { name: '' }),
      await query(signedOut, 'tenant.list'),
      await query(signedIn, 'no.such.procedure'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
