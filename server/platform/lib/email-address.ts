// Email addresses as people have them, internationalised ones included (EAI, RFC 6530-6532): a Unicode local
// part (zoë@example.org) and an internationalised domain (asa@exämple.org) are addresses like any other.
// Stored in Unicode, normalised to NFC (RFC 6532 section 3.1), not converted to punycode: every other text the
// participant carries is stored as typed, and a person recognises zoë, not xn--zo-vka.
import { domainToASCII } from 'node:url';

// RFC 5321: 64 octets for the local part, 255 for the domain (RFC 6531 counts octets of UTF-8).
const LOCAL_PART_MAX_OCTETS = 64;
const DOMAIN_MAX_OCTETS = 255;

// The dot-atom of RFC 5322 as practical validators accept it (no quoted local parts, no leading, trailing or
// doubled dots), with any letter, mark or digit of any script admitted beside the ASCII ones (RFC 6531).
const LOCAL_PART = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;

// The domain after IDNA conversion: two labels or more of letters, digits and inner hyphens, ending in an
// alphabetic top-level domain or an internationalised one (xn--…). No address literals ([192.0.2.1]).
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

// IDNA maps some invisible characters (a zero-width space) to nothing, so the domain would pass with them
// still in the stored text: refused outright, with spaces and control characters.
const INVISIBLE = /[\p{Cf}\p{Z}\p{Cc}]/u;

/**
 * The stored form of an email address (NFC), or null when the text is not one. The domain must convert to
 * ASCII under IDNA (UTS 46, as browsers do), which refuses spaces, symbols and malformed labels.
 */
export function normaliseEmailAddress(text: string): string | null {
  const address = text.normalize('NFC');
  if (INVISIBLE.test(address)) return null;
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (Buffer.byteLength(local) > LOCAL_PART_MAX_OCTETS || !LOCAL_PART.test(local)) return null;
  if (Buffer.byteLength(domain) > DOMAIN_MAX_OCTETS) return null;
  const ascii = domainToASCII(domain);
  if (!ascii || ascii.length > DOMAIN_MAX_OCTETS || !ASCII_DOMAIN.test(ascii)) return null;
  return address;
}
