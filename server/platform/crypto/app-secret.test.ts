import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, maskApiKey } from '../../api-keys/secret';
import { hashPassword, verifyPassword } from '../../admins/passwords';
import { constantTimeEqual, generateAccessCode, randomToken } from '@/server/platform/lib/secrets';

describe('API key secrets', () => {
  it('carries a scanner-friendly prefix and at least 160 bits of randomness, stored only as SHA-256', () => {
    const key = generateApiKey();
    expect(key.value.startsWith(API_KEY_PREFIX)).toBe(true);
    const randomPart = key.value.slice(API_KEY_PREFIX.length);
    expect(Buffer.from(randomPart, 'base64url').length * 8).toBeGreaterThanOrEqual(160);
    expect(key.hash).toBe(hashApiKey(key.value));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateApiKey().value).not.toBe(key.value);
  });

  it('masks as a few leading characters, an ellipsis and the last four', () => {
    const key = generateApiKey();
    const masked = maskApiKey(key.start, key.end);
    expect(masked).toBe(`${key.value.slice(0, key.start.length)}…${key.value.slice(-4)}`);
    expect(masked.length).toBeLessThan(key.value.length / 2);
  });
});

describe('Admin passwords', () => {
  it('verifies the right password and refuses any other, with a salted hash', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});

describe('small secrets', () => {
  it('makes access codes a caller can read out: no 0, O, 1, I or L', () => {
    for (let i = 0; i < 200; i++)
      expect(generateAccessCode()).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });

  it('draws every letter of an access code equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++)
      for (const letter of generateAccessCode().replace('-', ''))
        counts.set(letter, (counts.get(letter) ?? 0) + 1);
    expect(counts.size).toBe(31);
    const expected = (20_000 * 8) / 31; // about 5,161; one standard deviation is about 72
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.06);
  });

  it('never hands out the same random bytes twice, across many refills of the random pool', () => {
    // 24-byte guide tokens, 10,000 of them: 240,000 bytes, many times the pool, with draws straddling refills.
    const tokens = Array.from({ length: 10_000 }, () => randomToken(24));
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.every((token) => Buffer.from(token, 'base64url').length === 24)).toBe(true);
    // No 8-byte window of one token reappears in another (a reused stretch of the pool would).
    const windows = new Set(
      tokens.map((token) => Buffer.from(token, 'base64url').subarray(8, 16).toString('hex')),
    );
    expect(windows.size).toBe(tokens.length);
    expect(Buffer.from(randomToken(5000), 'base64url').length).toBe(5000);
  });

  it('compares strings of any length', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
