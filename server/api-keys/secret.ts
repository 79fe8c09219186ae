// API keys: a distinctive prefix that secret scanners can spot, 32 random bytes (256 bits), stored only as
// SHA-256 with a few leading characters and the last four kept for masking.
import { randomToken, sha256Hex } from '@/server/platform/lib/secrets';

export const API_KEY_PREFIX = 'pais_live_';
/** The keys of a sandbox questionnaire: as long as live ones, told apart at a glance (and by scanners). */
export const SANDBOX_API_KEY_PREFIX = 'pais_test_';
const VISIBLE_START = API_KEY_PREFIX.length + 4;

/** Whether a key (or its visible start) is a sandbox key. */
export const isSandboxKeyText = (keyOrStart: string): boolean =>
  keyOrStart.startsWith(SANDBOX_API_KEY_PREFIX);

export interface GeneratedApiKey {
  /** The full key: shown once, never stored. */
  value: string;
  hash: string;
  start: string;
  end: string;
}

export function generateApiKey(options: { sandbox?: boolean } = {}): GeneratedApiKey {
  const value = `${options.sandbox ? SANDBOX_API_KEY_PREFIX : API_KEY_PREFIX}${randomToken(32)}`;
  return { value, hash: sha256Hex(value), start: value.slice(0, VISIBLE_START), end: value.slice(-4) };
}

export const hashApiKey = (value: string): string => sha256Hex(value);

/** The masked form shown after creation: leading characters, an ellipsis, the last four. */
export const maskApiKey = (start: string, end: string): string => `${start}…${end}`;
