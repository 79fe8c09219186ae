// Strings nobody should send, for the fuzz suites of every door: lone surrogates, NUL and other controls,
// bidirectional overrides, emoji, combining marks, injection classics, and long runs of multi-byte characters
// (some past 64 KiB). A suite adds the strings its own fields make interesting.
import fc from 'fast-check';

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200f\u05e9\u05dc\u05d5\u05dd',
  'مرحبا',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff',
  'x\ud83d',
  'x\udfff',
  'e\u0301\u0301\u0301',
  '\u2028\u2029',
  '\ufeff',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'null',
  '2026-02-30T25:61:61Z',
];

export function oddString(extra: string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS, ...extra) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', 'é', '😀', '\u0000', '\u202e', ' ', '\ud800'),
          fc.integer({ min: 90, max: 40_000 }),
        )
        .map(([c, n]) => c.repeat(n)),
    },
  );
}
