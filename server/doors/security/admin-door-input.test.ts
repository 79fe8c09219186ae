// Text the database cannot store (NUL characters) in Admin inputs must not reach PostgreSQL, whose message
// would come back in a 500, and a failed sign-in must not carry Prisma's text in its URL. Through the real
// Admin door handler and database: a clear 400 naming the field, and no database text ever.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from 'next-auth';
import { createAdminDoorHandler } from '@/server/doors/admin/admin-door';
import { authorizeAdmin } from '@/server/admins/options';
import { createAdmin } from '@/server/admins/users';
import { WRONG_CREDENTIALS } from '@/server/admins/login';
import { testDatabaseKinds, useTestDatabase } from '@/server/test/database';
import { rowCounts } from '@/server/test/row-counts';
import { seedParticipant, type SeededParticipant } from '@/server/test/webhook-fixtures';

describe.each(testDatabaseKinds())('Admin door input the database cannot store (%s)', (kind) => {
  const db = useTestDatabase(kind);
  let seeded: SeededParticipant;
  let handler: (req: Request) => Promise<Response>;

  beforeAll(async () => {
    seeded = await seedParticipant(db.prisma);
    const admin = await createAdmin(db.prisma, {
      email: `op-${kind}@example.com`,
      password: 'a-long-enough-password',
      isOperator: true,
    });
    handler = createAdminDoorHandler({
      db: () => db.prisma,
      session: () =>
        Promise.resolve({ adminId: admin.id, signedInAt: Date.now(), expires: '' } satisfies Session),
    });
  });

  const call = async (path: string, input: Record<string, unknown>, method: 'GET' | 'POST') => {
    const json = JSON.stringify({ questionnaireId: seeded.questionnaireId, ...input });
    const response = await handler(
      method === 'GET'
        ? new Request(`http://admin.test/api/trpc/${path}?input=${encodeURIComponent(json)}`)
        : new Request(`http://admin.test/api/trpc/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: json,
          }),
    );
    return { status: response.status, text: await response.text() };
  };

  it.each([
    ['participant.list', { search: '\u0000' }, 'GET', 'search'],
    ['apiKey.create', { name: 'a\u0000b', scopes: ['participant:write'] }, 'POST', 'name'],
    ['webhook.configure', { url: 'https://127.0.0.1/ho\u0000ok', authType: 'none' }, 'POST', 'url'],
    ['questionnaire.update', { name: 'x\u0000', guideTexts: { English: 'y' } }, 'POST', 'name'],
  ] as const)('%s with a NUL: 400 naming the field, nothing written', async (path, input, method, field) => {
    const before = await rowCounts(db.prisma);
    const res = await call(path, input, method);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text) as {
      error: { message: string; data: { zodError: { fieldErrors: Record<string, string[]> } | null } };
    };
    expect(body.error.message).toBe(`${field} must be valid text without control characters`);
    expect(body.error.data.zodError?.fieldErrors[field]).toEqual([body.error.message]);
    expect(res.text).not.toMatch(/invalid byte sequence|prisma|0x00|invocation/i);
    expect(await rowCounts(db.prisma)).toEqual(before);
  });

  it('sign-in with a NUL in the email is a wrong email, not a database error', async () => {
    await expect(
      authorizeAdmin(db.prisma, { email: 'a\u0000@example.com', password: 'a-long-enough-password' }),
    ).rejects.toThrow(new Error(WRONG_CREDENTIALS));
  });
});
