// Phone numbers are compared in E.164 so that "+44 20 7946 0958" and "+442079460958" are the same number.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The E.164 form of a phone number, or null when it cannot be read as one. Numbers without a leading +
 * are read in the default country (the deployment's region).
 */
export function toE164(raw: string, defaultCountry: CountryCode = 'US'): string | null {
  const text = raw.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed?.isPossible() ? parsed.number : null;
}

export const regionCountry = (region: 'us' | 'uk'): CountryCode => (region === 'uk' ? 'GB' : 'US');

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
