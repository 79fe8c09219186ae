// The secret that signs Admin sessions. Production deployments set NEXTAUTH_SECRET (every instance the same);
// the embedded mode makes one on first start and keeps it next to its database, so sessions survive restarts
// with no configuration at all.
import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from '@/server/platform/lib/secrets';
import { pgliteDataDir } from '@/server/platform/db/adapter';
import { PRIVATE_DIR_MODE } from '@/server/platform/db/embedded-lock';
import type { Env } from '@/server/platform/env';

export function resolveAppSecret(env: Env): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  const dataDir = env.DATABASE_URL.startsWith('pglite:') ? pgliteDataDir(env.DATABASE_URL) : 'memory://';
  const file = dataDir.startsWith('memory://')
    ? path.resolve('data', 'app-secret')
    : path.join(path.dirname(path.resolve(dataDir)), 'app-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    const secret = randomToken(32);
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export interface AppSecrets {
  /** Seals and signs everything new. */
  current: string;
  /** Earlier secrets (APP_SECRETS_PREVIOUS): they still open and verify what they sealed or signed. */
  previous: string[];
  /**
   * APP_SECRET_ROTATED_AT: sessions signed with a previous secret count only if signed in before it (null:
   * none count), so a previous secret, leaked or not, cannot mint new sessions during the overlap.
   */
  rotatedAt: Date | null;
}

/** The keyring: the current secret and the earlier ones still accepted during a rotation. */
export function resolveAppSecrets(env: Env): AppSecrets {
  const current = resolveAppSecret(env);
  return {
    current,
    previous: (env.APP_SECRETS_PREVIOUS ?? []).filter((s) => s !== current),
    rotatedAt: env.APP_SECRET_ROTATED_AT ?? null,
  };
}
