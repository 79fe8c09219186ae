import { describe, expect, it } from 'vitest';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createSecretBox } from './secret-box';

const OLD = 'an-application-secret-of-enough-length';
const NEW = 'the-next-application-secret-long-enough';

/** A text in the first format (v1: no key id, no associated data), as stored before the keyring. */
function sealV1(appSecret: string, plaintext: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', appSecret, 'pais-webhook-secrets', 'webhook secrets at rest v1', 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, ciphertext, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

describe('secret box', () => {
  const box = createSecretBox(OLD);

  it('encrypts so that the stored text reveals nothing and decrypts back', () => {
    const sealed = box.encrypt('whsec_c2VjcmV0');
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toBe(box.encrypt('whsec_c2VjcmV0')); // a fresh IV every time
    expect(box.decrypt(sealed)).toBe('whsec_c2VjcmV0');
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('refuses altered text, relabelled text and text sealed with another application secret', () => {
    const sealed = box.encrypt('header-value');
    const [format, id, iv, ciphertext, tag] = sealed.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([format, id, iv, flipped.toString('base64url'), tag].join('.'))).toThrow(
      /altered/,
    );
    expect(() => createSecretBox('another-application-secret-entirely').decrypt(sealed)).toThrow(
      'Unreadable encrypted secret: sealed by an app secret that is not configured',
    );
    expect(() => box.decrypt('garbage')).toThrow('Unreadable encrypted secret');
  });

  it('keyring: the current secret seals, previous ones still open what they sealed', () => {
    const sealedOld = box.encrypt('whsec_b2xk');
    const rotated = createSecretBox(NEW, [OLD]);
    expect(rotated.decrypt(sealedOld)).toBe('whsec_b2xk');
    expect(rotated.isCurrent(sealedOld)).toBe(false);
    const sealedNew = rotated.encrypt('whsec_bmV3');
    expect(rotated.isCurrent(sealedNew)).toBe(true);
    expect(() => box.decrypt(sealedNew)).toThrow(/not configured/);
    expect(createSecretBox(NEW).decrypt(sealedNew)).toBe('whsec_bmV3');
    expect(() => createSecretBox(NEW).decrypt(sealedOld)).toThrow(/not configured/);
  });

  it('opens texts of the first format (no key id) with whichever secret sealed them', () => {
    const legacy = sealV1(OLD, 'whsec_bGVnYWN5');
    expect(createSecretBox(OLD).decrypt(legacy)).toBe('whsec_bGVnYWN5');
    expect(createSecretBox(NEW, [OLD]).decrypt(legacy)).toBe('whsec_bGVnYWN5');
    expect(createSecretBox(OLD).isCurrent(legacy)).toBe(false);
    expect(() => createSecretBox(NEW).decrypt(legacy)).toThrow('Unreadable encrypted secret');
  });
});
