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
