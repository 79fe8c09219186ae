// Admin session tokens across an app-secret rotation: next-auth 4 encrypts its JWT with a key derived from
// one secret and has no keyring, so encode uses the current secret and decode tries the current one, then
// each previous one. A session sealed with a previous secret therefore stays valid until it expires; the
// next session read re-issues its cookie under the current secret.
import { decode, encode, type JWT, type JWTDecodeParams, type JWTEncodeParams } from 'next-auth/jwt';
import type { AppSecrets } from './app-secret';

export function keyringJwt(secrets: AppSecrets) {
  return {
    encode: (params: JWTEncodeParams) => encode({ ...params, secret: secrets.current }),
    async decode(params: JWTDecodeParams): Promise<JWT | null> {
      for (const secret of [secrets.current, ...secrets.previous]) {
        try {
          const token = await decode({ ...params, secret });
          if (token) return token;
        } catch {
          // Sealed with another secret (or altered, or expired): try the next one.
        }
      }
      return null;
    },
  };
}
