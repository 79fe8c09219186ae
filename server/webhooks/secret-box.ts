// Encryption at rest for webhook secrets (signing secret, static header value, OAuth2 client secret):
// AES-256-GCM with a key derived by HKDF-SHA256 from the application secret, so the database alone never
// reveals a secret.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  encrypt: (plaintext: string) => string;
  /** Throws when the text was not produced by a box with the same application secret, or was altered. */
  decrypt: (sealed: string) => string;
}

export function createSecretBox(appSecret: string): SecretBox {
  if (!appSecret) throw new Error('The application secret is empty');
  const key = Buffer.from(
    hkdfSync('sha256', appSecret, 'pais-webhook-secrets', 'webhook secrets at rest v1', 32),
  );
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [FORMAT, iv, ciphertext, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [format, iv, ciphertext, tag] = sealed.split('.');
      if (format !== FORMAT || iv === undefined || ciphertext === undefined || tag === undefined) {
        throw new Error('Unreadable encrypted secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
