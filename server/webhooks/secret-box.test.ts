import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('an-application-secret-of-enough-length');

  it('encrypts so that the stored text reveals nothing and decrypts back', () => {
    const sealed = box.encrypt('whsec_c2VjcmV0');
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toBe(box.encrypt('whsec_c2VjcmV0')); // a fresh IV every time
    expect(box.decrypt(sealed)).toBe('whsec_c2VjcmV0');
  });

  it('refuses altered text and text sealed with another application secret', () => {
    const sealed = box.encrypt('header-value');
    const [format, iv, ciphertext, tag] = sealed.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([format, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
    expect(() => createSecretBox('another-application-secret-entirely').decrypt(sealed)).toThrow();
    expect(() => box.decrypt('garbage')).toThrow('Unreadable encrypted secret');
  });
});
