// The Admin procedures as a signed-in Admin (or nobody) calls them through the server-side caller, for tests.
import type { Session } from 'next-auth';
import { createAdminCaller } from '@/server/doors/admin/server-caller';
import type { TestDatabase } from './database';

/** The caller of the Admin with this id (null: signed out), on the test database. */
export const adminCallerFor = (db: TestDatabase, adminId: string | null) =>
  createAdminCaller({
    db: db.prisma,
    session: adminId ? ({ adminId, signedInAt: Date.now(), expires: '' } satisfies Session) : null,
    authorization: null,
    sourceIp: null,
    headers: new Headers(),
  });
