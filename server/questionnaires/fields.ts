// The questionnaire fields the Admin app's browser code checks too (the settings form checks a language name
// as it is added). Kept apart from questionnaires.ts, which reads the server's configuration (the deployment's
// country for the phone number), so that importing them ships no server code to the browser.
import { z } from 'zod';
import { hasInvisibleCharacters, INVISIBLE_IN_NAME_MESSAGE } from '@/server/platform/lib/identifier-text';
import { atMostCharactersMessage } from '@/server/platform/lib/field-messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';

export const questionnaireName = z
  .string()
  .trim()
  .min(1, { error: QUESTIONNAIRE_MESSAGES.nameRequired })
  .max(200, { error: atMostCharactersMessage(200) })
  .refine((name) => !hasInvisibleCharacters(name), { error: INVISIBLE_IN_NAME_MESSAGE });

/** One language name (the settings form checks it when a language is added, before saving). */
export const languageName = z
  .string()
  .trim()
  .min(1, { error: 'A language needs a name' })
  .max(50, { error: 'Language names have at most 50 characters' });
