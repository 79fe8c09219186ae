// Phone numbers are compared in E.164 so that "+44 20 7946 0958" and "+442079460958" are the same number.
// A number written without a leading + is read in the deployment's country, which only deploymentCountry()
// knows: every service that reads phone numbers takes it from there (an optional last `country` argument,
// which only tests set, defaults to it). Server-only: it reads the configuration.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { env } from '@/server/platform/env';

/** The country of this deployment's region (REGION): numbers without a + are read as its numbers. */
export const deploymentCountry = (): CountryCode => (env.REGION === 'uk' ? 'GB' : 'US');

/**
 * The E.164 form of a phone number, or null when it cannot be read as one. Numbers without a leading +
 * are read in `country`, the deployment's.
 */
export function toE164(raw: string, country: CountryCode): string | null {
  const text = raw.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isPossible() ? parsed.number : null;
}

// Phone-number text as people write it: an optional leading +, digits with the usual separators, and an
// optional extension ("ext. 12", "x12", "#12"). The stored form stays as sent; this only keeps markup and
// other prose out of the phone fields.
const PHONE_NUMBER_TEXT = /^\+?[\d ()./-]+(?:\s*(?:ext\.?|x|#)\s*\d{1,10})?$/i;

/** True for text that reads as a phone number with at least three digits (an empty field is checked elsewhere). */
export function isPhoneNumberText(text: string): boolean {
  return PHONE_NUMBER_TEXT.test(text) && (text.match(/\d/g)?.length ?? 0) >= 3;
}

export const phoneNumberTextMessage = (field: string) =>
  `${field} must be a phone number: digits, spaces and + ( ) - . / only, optionally an extension`;
