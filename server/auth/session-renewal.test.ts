import { describe, expect, it } from 'vitest';
import { redeemRenewal, renewalTicket } from './session-renewal';

const ADMIN = '7d9f4a52-7a3f-4d0e-9a43-5f0c2b0c1e11';

describe('session renewal tickets', () => {
  it('move the session they were made for to the new version, within a minute', () => {
    const now = Date.now();
    const ticket = renewalTicket(ADMIN, 3, 4, now);
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionVersion: 3 }, now + 59_000)).toBe(4);
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionVersion: 3 }, now + 61_000)).toBeNull();
  });

  it('do nothing for another Admin, another version, or an altered ticket', () => {
    const ticket = renewalTicket(ADMIN, 1, 2);
    expect(redeemRenewal(ticket, { adminId: ADMIN })).toBe(2);
    expect(redeemRenewal(ticket, { adminId: 'someone-else', sessionVersion: 1 })).toBeNull();
    expect(redeemRenewal(ticket, { adminId: ADMIN, sessionVersion: 0 })).toBeNull();
    const forged = ticket.replace(`.1.2.`, '.1.9.');
    expect(redeemRenewal(forged, { adminId: ADMIN, sessionVersion: 1 })).toBeNull();
    expect(redeemRenewal(undefined, { adminId: ADMIN, sessionVersion: 1 })).toBeNull();
    expect(redeemRenewal('a.b', { adminId: ADMIN, sessionVersion: 1 })).toBeNull();
  });
});
