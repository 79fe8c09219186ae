// Identifiers (a participant's IRN and external reference, names that pick one thing out of many) must not be
// two different values that look the same on screen, in an export or in a webhook. Two kinds of character
// make that easy and have no place in an identifier:
// - invisible and text-direction characters: format characters (Unicode category Cf: zero-width space and
//   joiners, the byte-order mark, soft hyphen, the bidi embeddings, overrides, isolates and marks) and the
//   other default-ignorable code points (variation selectors, Hangul fillers, the grapheme joiner);
// - letters of more than one of the Latin, Greek and Cyrillic alphabets in one value, whose look-alikes
//   (Cyrillic І and Latin I, Greek Ο and Latin O) are the usual way to forge an identifier. This is the
//   "single script" rule of Unicode's UTS #39 narrowed to the three alphabets that share letter shapes, so
//   that identifiers mixing Latin with Chinese, Japanese, Arabic or digits stay valid.
// Names that pick out a tenant or a questionnaire in lists get the first rule only: they are prose, and may
// well mix alphabets.
// What still passes: a value wholly in one of those alphabets that looks like one in another (all-Cyrillic
// "АВС" and Latin "ABC"), and confusable characters within one script (0 and O, l and 1). Compatibility forms
// (full-width ＩＲＮ-1 and IRN-1) are told apart where uniqueness matters by comparing NFKC forms.

const INVISIBLE_OR_DIRECTION = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

const LOOK_ALIKE_SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
] as const;

/** True when `value` holds an invisible or text-direction character. */
export const hasInvisibleCharacters = (value: string): boolean => INVISIBLE_OR_DIRECTION.test(value);

/** True when `value` has letters of two or more of the Latin, Greek and Cyrillic alphabets. */
function mixesLookAlikeScripts(value: string): boolean {
  return LOOK_ALIKE_SCRIPTS.filter(([, letters]) => letters.test(value)).length > 1;
}

export const invisibleCharactersMessage = (label: string) =>
  `${label} must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks)`;
export const mixedScriptsMessage = (label: string) =>
  `${label} must not mix letters of the Latin, Greek and Cyrillic alphabets`;

/** The Admin forms' message for a name (of a tenant, a questionnaire) with an invisible character. */
export const INVISIBLE_IN_NAME_MESSAGE =
  'Names must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks)';

/** What is wrong with `value` as an identifier named `label`, or null when it may be used. */
export function identifierProblem(label: string, value: string): string | null {
  if (hasInvisibleCharacters(value)) return invisibleCharactersMessage(label);
  if (mixesLookAlikeScripts(value)) return mixedScriptsMessage(label);
  return null;
}

/** The form two identifiers are compared in for uniqueness (the database's normalize(…, NFKC) too). */
export const identifierKey = (value: string): string => value.normalize('NFKC');
