// Random tokens, hashes and constant-time comparison: the primitives behind API keys, access codes,
// guide tokens and webhook secrets.
import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

// Random bytes are drawn from the operating system 4 KiB at a time and handed out once each, as Node.js does
// for randomUUID: a system call per access code and per guide token cost more than the rest of a creation's
// JavaScript for them. Every byte handed out is copied out and wiped from the pool, so none is given twice.
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

/** `size` bytes from the operating system's CSPRNG, like crypto.randomBytes. */
function secureRandomBytes(size: number): Buffer {
  if (size > RANDOM_POOL_BYTES) return randomFillSync(Buffer.alloc(size));
  if (randomPoolOffset + size > randomPool.length) {
    randomPool = randomFillSync(Buffer.allocUnsafe(RANDOM_POOL_BYTES));
    randomPoolOffset = 0;
  }
  const bytes = Buffer.from(randomPool.subarray(randomPoolOffset, randomPoolOffset + size));
  randomPool.fill(0, randomPoolOffset, randomPoolOffset + size);
  randomPoolOffset += size;
  return bytes;
}

/** URL-safe random text carrying `bytes` bytes of randomness. */
export const randomToken = (bytes: number): string => secureRandomBytes(bytes).toString('base64url');

/** Compares two strings in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left); // spend the same time either way
    return false;
  }
  return timingSafeEqual(left, right);
}

// No 0/O or 1/I/L: access codes are read out over the phone.
const ACCESS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

// Random bytes below this bound map evenly onto the alphabet (the rest are skipped, so no letter is favoured).
const UNBIASED_BYTE_BOUND = 256 - (256 % ACCESS_CODE_ALPHABET.length);

/** A code the participant reads out when calling in, e.g. "7KQ4-M2XP" (about 40 bits). */
export function generateAccessCode(): string {
  let code = '';
  // One call for the randomness of the whole code (a call per letter costs more than the rest of it).
  while (code.length < 8) {
    for (const byte of secureRandomBytes(16)) {
      if (byte < UNBIASED_BYTE_BOUND && code.length < 8)
        code += ACCESS_CODE_ALPHABET[byte % ACCESS_CODE_ALPHABET.length];
    }
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
