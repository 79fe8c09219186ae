// TOTP (RFC 6238, the authenticator-app codes) and recovery codes: the cryptography only, with otplib doing
// the TOTP arithmetic and its constant-time comparison. The rules (enrolment, replay, lockout) live in
// server/admins/two-factor.ts.
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { createSecretBox, type SecretBox } from '@/server/platform/crypto/secret-box';
import { resolveAppSecrets } from '@/server/platform/crypto/app-secret';
import { env } from '@/server/platform/env';

export const TOTP_PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Assessment Integration';

let box: SecretBox | undefined;
/** Encrypts TOTP secrets at rest (AES-256-GCM, key derived from the application secret). */
export const totpSecretBox = (): SecretBox => {
  // The keyring, as for webhook secrets: a TOTP secret sealed before a rotation still opens.
  const { current, previous } = resolveAppSecrets(env);
  return (box ??= createSecretBox(current, previous));
};

export const newTotpSecret = (): string => generateSecret();

/** What an authenticator app needs: the otpauth:// address, as a QR code (PNG data URL) and as text. */
export async function enrolmentMaterial(secret: string, accountName: string) {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: accountName, secret });
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 200,
  });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/** A six-digit code as people type it: spaces and dashes dropped. */
const normaliseTotpCode = (code: string): string => code.replace(/[\s-]/g, '');
export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(normaliseTotpCode(code));

/**
 * The time step a code belongs to when it is valid now (±1 step for clock drift) and newer than
 * `afterTimeStep` (so a code, once accepted, is never accepted again); otherwise null.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  options: { afterTimeStep?: number | null; now?: Date } = {},
): Promise<number | null> {
  const token = normaliseTotpCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor((options.now ?? new Date()).getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(options.afterTimeStep != null ? { afterTimeStep: options.afterTimeStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten codes of 80 random bits each, written as four groups of five characters. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (randomBytes(10).toString('hex').match(/.{5}/g) ?? []).join('-'),
  );
}

/** SHA-256 of a recovery code as typed (case, spaces and dashes ignored): 80-bit codes need no slow hash. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^0-9a-z]/g, ''))
    .digest('hex');
