import { describe, expect, it } from 'vitest';
import { redeemRenewal, renewalTicket } from './session-renewal';
import { buildAuthOptions } from './options';

const ADMIN = '7d9f4a52-7a3f-4d0e-9a43-5f0c2b0c1e11';
const SESSION = 'f1b7c9e0-2a4d-4c6b-8e1f-3a5b7c9d0e12';
const OTHER_SESSION = '0c2e4a6b-8d1f-4e3a-9b5c-7d9e1f3a5b70';

describe('session renewal tickets', () => {
  it('move the session they were made for to the new version, within a minute', () => {
    const now = Date.now();
    const ticket = renewalTicket(ADMIN, SESSION, 3, 4, now);
    const session = { adminId: ADMIN, sessionId: SESSION, sessionVersion: 3 };
    expect(redeemRenewal(ticket, session, now + 59_000)).toBe(4);
    expect(redeemRenewal(ticket, session, now + 61_000)).toBeNull();
  });

  it('do nothing for another Admin, another version, or an altered ticket', () => {
    const ticket = renewalTicket(ADMIN, SESSION, 1, 2);
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionId: SESSION })).toBe(2);
    expect(
      redeemRenewal(ticket, { adminId: 'someone-else', sessionId: SESSION, sessionVersion: 1 }),
    ).toBeNull();
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionId: SESSION, sessionVersion: 0 })).toBeNull();
    const forged = ticket.replace(`.1.2.`, '.1.9.');
    expect(redeemRenewal(forged, { adminId: ADMIN, sessionId: SESSION, sessionVersion: 1 })).toBeNull();
    expect(redeemRenewal(undefined, { adminId: ADMIN, sessionId: SESSION, sessionVersion: 1 })).toBeNull();
    expect(redeemRenewal('a.b', { adminId: ADMIN, sessionId: SESSION, sessionVersion: 1 })).toBeNull();
  });

  // An ended session of the same Admin and version that obtains another session's ticket must not come back.
  it('do nothing for another session of the same Admin and version, or a session without an id', () => {
    const ticket = renewalTicket(ADMIN, SESSION, 1, 2);
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionId: OTHER_SESSION, sessionVersion: 1 })).toBeNull();
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionVersion: 1 })).toBeNull();
    const relabelled = ticket.replace(SESSION, OTHER_SESSION);
    expect(
      redeemRenewal(relabelled, { adminId: ADMIN, sessionId: OTHER_SESSION, sessionVersion: 1 }),
    ).toBeNull();
  });

  it("next-auth's session update: an ended session handed another session's ticket stays at its old version", async () => {
    const { jwt } = buildAuthOptions({
      current: 'the-application-secret-0123456789abcdef',
      previous: [],
      rotatedAt: null,
    }).callbacks!;
    const ticket = renewalTicket(ADMIN, SESSION, 1, 2);
    const update = (token: Record<string, unknown>) =>
      jwt!({ token, trigger: 'update', session: { renewal: ticket } } as unknown as Parameters<
        NonNullable<typeof jwt>
      >[0]);
    const ended = await update({ adminId: ADMIN, sessionId: OTHER_SESSION, sessionVersion: 1 });
    expect(ended.sessionVersion).toBe(1);
    const own = await update({ adminId: ADMIN, sessionId: SESSION, sessionVersion: 1 });
    expect(own.sessionVersion).toBe(2);
  });
});
