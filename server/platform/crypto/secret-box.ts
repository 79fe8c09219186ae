// Encryption at rest for webhook secrets (signing secret, static header value, OAuth2 client secret):
// AES-256-GCM with keys derived by HKDF-SHA256 from the application secrets, so the database alone never
// reveals a secret. A keyring: the current app secret seals; earlier ones (APP_SECRETS_PREVIOUS) still open
// what they sealed, because each sealed text names the key that sealed it (an id derived from the key, which
// reveals nothing about it). Texts of the first format ("v1", no key id) are opened by trying each key.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v2';
const LEGACY_FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  encrypt: (plaintext: string) => string;
  /** Throws when no secret of the keyring sealed the text, or the text was altered. */
  decrypt: (sealed: string) => string;
  /** Whether the text is sealed with the current secret in the current format (nothing to re-encrypt). */
  isCurrent: (sealed: string) => boolean;
}

/** Thrown when a sealed text cannot be opened by any secret of the keyring. */
class UnreadableSecretError extends Error {
  constructor(detail: string) {
    super(`Unreadable encrypted secret: ${detail}`);
    this.name = 'UnreadableSecretError';
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(appSecret: string): Key {
  if (!appSecret) throw new Error('The application secret is empty');
  const bytes = Buffer.from(
    hkdfSync('sha256', appSecret, 'pais-webhook-secrets', 'webhook secrets at rest v1', 32),
  );
  const id = Buffer.from(hkdfSync('sha256', bytes, 'pais-webhook-secrets', 'key id', 8)).toString(
    'base64url',
  );
  return { id, bytes };
}

function open(key: Key, iv: string, ciphertext: string, tag: string, aad?: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** `current` seals; `current` and `previous` (oldest last) open. */
export function createSecretBox(current: string, previous: readonly string[] = []): SecretBox {
  const sealing = deriveKey(current);
  const keyring = [sealing, ...previous.map(deriveKey)];
  const byId = new Map(keyring.map((key) => [key.id, key]));

  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealing.bytes, iv);
      // The key id is authenticated too: a text cannot be relabelled to another key.
      cipher.setAAD(Buffer.from(sealing.id, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        FORMAT,
        sealing.id,
        ...[iv, ciphertext, cipher.getAuthTag()].map((b) => b.toString('base64url')),
      ].join('.');
    },
    decrypt(sealed) {
      const parts = sealed.split('.');
      if (parts[0] === FORMAT && parts.length === 5) {
        const [, id, iv, ciphertext, tag] = parts as [string, string, string, string, string];
        const key = byId.get(id);
        if (!key) throw new UnreadableSecretError('sealed by an app secret that is not configured');
        try {
          return open(key, iv, ciphertext, tag, id);
        } catch {
          throw new UnreadableSecretError('altered');
        }
      }
      if (parts[0] === LEGACY_FORMAT && parts.length === 4) {
        const [, iv, ciphertext, tag] = parts as [string, string, string, string];
        for (const key of keyring) {
          try {
            return open(key, iv, ciphertext, tag);
          } catch {
            // Try the next secret.
          }
        }
        throw new UnreadableSecretError('sealed by an app secret that is not configured, or altered');
      }
      throw new UnreadableSecretError('not a sealed secret');
    },
    isCurrent(sealed) {
      return sealed.startsWith(`${FORMAT}.${sealing.id}.`);
    },
  };
}
