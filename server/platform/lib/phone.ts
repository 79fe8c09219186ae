// Phone numbers are compared in E.164 so that "+44 20 7946 0958" and "+442079460958" are the same number.
// A number written without a leading + is read in the deployment's country, which only deploymentCountry()
// knows: every service that reads phone numbers takes it from there (an optional last `country` argument,
// which only tests set, defaults to it). Server-only: it reads the configuration.
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js';
import { env } from '@/server/platform/env';
import { setNewest } from './bounded-map';

/** The country of this deployment's region (REGION): numbers without a + are read as its numbers. */
export const deploymentCountry = (): CountryCode => (env.REGION === 'uk' ? 'GB' : 'US');

/**
 * The E.164 form of a phone number, or null when it cannot be read as one. Numbers without a leading +
 * are read in `country`, the deployment's.
 */
export function toE164(raw: string, country: CountryCode): string | null {
  const text = raw.trim();
  if (!text) return null;
  const read = readPhoneNumber(text, country);
  return read.possible ? read.parsed!.number : null;
}

/** What libphonenumber reads in a text: the number (if any), whether it is possible and (when asked) valid. */
interface PhoneReading {
  parsed: PhoneNumber | undefined;
  possible: boolean;
  valid?: boolean;
}

// One creation reads its phone numbers four times (the input schema, the stored form, the statement's block
// list and the call gate's count), and libphonenumber's parse was 5 % of the server's busy time under the
// create load (`npm run bench:profile`): the last readings are kept. A reading depends on nothing but the text and
// the country.
const READINGS_KEPT = 256;
const readings = new Map<string, PhoneReading>();

function readPhoneNumber(text: string, country: CountryCode): PhoneReading {
  const key = `${country} ${text}`;
  const kept = readings.get(key);
  if (kept) return kept;
  const parsed = parsePhoneNumberFromString(text, country);
  const reading: PhoneReading = { parsed, possible: parsed?.isPossible() === true };
  setNewest(readings, key, reading, READINGS_KEPT);
  return reading;
}

// Phone-number text as people write it: an optional leading +, digits with the usual separators, and an
// optional extension ("ext. 12", "x12", "#12"). Keeps markup and other prose out of the phone fields before
// the number itself is read.
const PHONE_NUMBER_TEXT = /^\+?[\d ()./-]+(?:\s*(?:ext\.?|x|#)\s*\d{1,10})?$/i;

/**
 * The one rule every door that takes a phone number applies (participants by REST and CSV, the call-blocking
 * list, pasted or one at a time, and the questionnaire's Settings): the E.164 form of an acceptable number,
 * or null. Acceptable is phone-number text that libphonenumber reads as a possible number (a known country
 * code, a length that country's numbers can have). A number without + is read in `country` (the deployment's)
 * and must also fit that country's numbering plan: "0201234567" is a London number written nationally, not
 * an American one, and storing it as +1 0201234567 would make it match nothing.
 */
export function acceptPhoneNumber(raw: string, country: CountryCode): string | null {
  return readAcceptable(raw, country)?.number ?? null;
}

function readAcceptable(raw: string, country: CountryCode): PhoneNumber | null {
  const text = raw.trim();
  if (!PHONE_NUMBER_TEXT.test(text)) return null;
  const read = readPhoneNumber(text, country);
  if (!read.possible) return null;
  if (!text.startsWith('+') && !(read.valid ??= read.parsed!.isValid())) return null;
  return read.parsed!;
}

/**
 * A participant's phone field as stored: a number written with + stays as sent (it says its country); a
 * national one is stored in E.164 (with its extension), since only this deployment knows which country it
 * was read in. Null when the number is not acceptable (acceptPhoneNumber).
 */
export function storedPhoneNumber(raw: string, country: CountryCode): string | null {
  const text = raw.trim();
  const parsed = readAcceptable(text, country);
  if (!parsed) return null;
  if (text.startsWith('+')) return text;
  return parsed.ext ? `${parsed.number} ext. ${parsed.ext}` : parsed.number;
}

/** Why a phone number is refused, everywhere; `subject` is the field's name or the quoted number. */
export const phoneNumberMessage = (subject: string) =>
  `${subject} is not a phone number we can read. Include the country code, e.g. +44 20 7946 0958.`;
