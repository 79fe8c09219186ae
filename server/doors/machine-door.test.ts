// The bearer-token check of the machine endpoints (result ingestion, cron flush). A token compared with `===`
// answers sooner the earlier the first wrong character, which lets an attacker guess it character by
// character; so the check must hand the comparison to Node's constant-time primitive, and over SHA-256
// digests, so that not even the presented token's length shapes what is compared. Timing itself cannot be
// measured reliably on a shared machine: the test watches what reaches crypto.timingSafeEqual instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as crypto from 'node:crypto';
import { checkBearer } from './machine-door';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  // The real primitive, recorded: every comparison still happens exactly as in production.
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);
const token = 'internal-token-0123456789abcdef';
const withAuthorization = (value: string) =>
  new Request('http://localhost/api/internal/results', { headers: { authorization: value } });

afterEach(() => {
  timingSafeEqual.mockClear();
});

describe('checkBearer', () => {
  it('accepts exactly the configured token', () => {
    expect(checkBearer(withAuthorization(`Bearer ${token}`), token, 'INTERNAL_API_TOKEN')).toBeNull();
    for (const wrong of [token.slice(0, -1), `${token}x`, token.toUpperCase(), 'x']) {
      const refused = checkBearer(withAuthorization(`Bearer ${wrong}`), token, 'INTERNAL_API_TOKEN');
      expect(refused?.status, wrong).toBe(401);
      expect(refused?.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('compares SHA-256 digests in constant time, whatever the length of the presented token', () => {
    const presented = ['x', token.slice(0, -1), `${token.slice(0, -1)}X`, 'y'.repeat(10_000), token];
    for (const value of presented) {
      checkBearer(withAuthorization(`Bearer ${value}`), token, 'INTERNAL_API_TOKEN');
    }
    const expectedDigest = crypto.createHash('sha256').update(token).digest('hex');
    expect(timingSafeEqual).toHaveBeenCalledTimes(presented.length);
    presented.forEach((value, call) => {
      const [left, right] = timingSafeEqual.mock.calls[call]!.map((b) => Buffer.from(b as Uint8Array));
      // The same 64 bytes on each side, whether 1 or 10,000 characters were presented.
      expect(left!.toString()).toBe(crypto.createHash('sha256').update(value).digest('hex'));
      expect(right!.toString()).toBe(expectedDigest);
    });
  });

  it('refuses a request without a bearer token before comparing anything', () => {
    for (const header of ['', `Basic ${token}`, 'Bearer', `Bearer ${token} extra`]) {
      expect(checkBearer(withAuthorization(header), token, 'INTERNAL_API_TOKEN')?.status, header).toBe(401);
    }
    expect(timingSafeEqual).not.toHaveBeenCalled();
  });

  it('an unset token switches the endpoint off (503) instead of leaving it open', async () => {
    const off = checkBearer(withAuthorization('Bearer '), undefined, 'INTERNAL_API_TOKEN');
    expect(off?.status).toBe(503);
    expect(await off?.json()).toMatchObject({
      message: 'This endpoint is switched off: set INTERNAL_API_TOKEN to enable it',
    });
  });
});
