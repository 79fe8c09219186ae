// Admin session tokens across an app-secret rotation: next-auth 4 encrypts its JWT with a key derived from
// one secret and has no keyring, so encode uses the current secret and decode tries the current one, then
// each previous one. A session sealed with a previous secret stays valid until it expires only if it was
// signed in before the rotation (APP_SECRET_ROTATED_AT; its sign-in time is the token's signedInAt): whoever
// holds a previous secret can write any token, so the only bound that holds is the rotation time, after which
// every such session ends within the session lifetime (8 hours), however long the previous secret stays
// listed. The next session read re-issues an accepted cookie under the current secret, keeping signedInAt.
import { decode, encode, type JWT, type JWTDecodeParams, type JWTEncodeParams } from 'next-auth/jwt';
import type { AppSecrets } from '../platform/crypto/app-secret';

async function tryDecode(params: JWTDecodeParams, secret: string): Promise<JWT | null> {
  try {
    return await decode({ ...params, secret });
  } catch {
    // Sealed with another secret (or altered, or expired).
    return null;
  }
}

/** Whether a token signed with a previous secret was signed in before the rotation (and not in the future). */
function issuedBeforeRotation(token: JWT, rotatedAt: Date | null, now: number): boolean {
  if (!rotatedAt || typeof token.signedInAt !== 'number') return false;
  return token.signedInAt <= Math.min(rotatedAt.getTime(), now);
}

export function keyringJwt(secrets: AppSecrets) {
  return {
    encode: (params: JWTEncodeParams) => encode({ ...params, secret: secrets.current }),
    async decode(params: JWTDecodeParams): Promise<JWT | null> {
      const current = await tryDecode(params, secrets.current);
      if (current) return current;
      for (const secret of secrets.previous) {
        const token = await tryDecode(params, secret);
        if (token) return issuedBeforeRotation(token, secrets.rotatedAt, Date.now()) ? token : null;
      }
      return null;
    },
  };
}
