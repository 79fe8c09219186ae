// CSV export of the Admin participants table: the same filter, every matching row, streamed page by page so
// a million participants never sit in memory at once.
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '@/server/platform/db/client';
import { deploymentCountry } from '@/server/platform/lib/phone';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import {
  allParticipants,
  participantFilterSchema,
  type ParticipantFilter,
  type ParticipantRow,
} from '@/server/participants/search';

const COLUMNS: [string, (row: ParticipantRow) => string | number | boolean | null][] = [
  ['participant_uuid', (r) => r.id],
  ['interview_ref_num', (r) => (r.erased ? '' : r.irn)],
  ['external_ref_id', (r) => r.externalRefId],
  ['email', (r) => r.email],
  ['phone_number1', (r) => r.phoneNumber1],
  ['phone_number2', (r) => r.phoneNumber2],
  ['language', (r) => r.language],
  ['is_participant_allowed', (r) => r.isAllowed],
  ['not_allowed_reason', (r) => r.disallowedReason],
  ['outcome', (r) => r.outcome],
  ['outcome_ts', (r) => (r.outcomeTs ? toRfc3339Utc(r.outcomeTs) : null)],
  ['result_status', (r) => r.resultStatus],
  ['attempts', (r) => r.attempts],
  ['created_ts', (r) => toRfc3339Utc(r.createdAt)],
  ['erased', (r) => r.erased],
];

// A spreadsheet runs a cell that starts with = + - @ (or tab / carriage return) as a formula, and some (East
// Asian locales) read the full-width ＝ ＋ － ＠ the same way; leading spaces do not stop it. Phone numbers
// start with + legitimately, so only ASCII + and - followed by text that cannot be a number are defused (with a
// leading apostrophe, as OWASP recommends). A spreadsheet may also split a field on ; or tab (its locale's
// separator), so a formula start right after any separator, spaces or not, is defused the same way.
const NOT_A_NUMBER = /[+-](?![\d ().-]*(?:[,;\t]|$))/.source;
const SPACES = '[ \\u00a0\\u3000]*';
const FULL_WIDTH = '\\uff1d\\uff0b\\uff0d\\uff20';
const FORMULA_START = new RegExp(`^${SPACES}(?:[=@\\t\\r${FULL_WIDTH}]|${NOT_A_NUMBER})`);
const FORMULA_AFTER_SEPARATOR = new RegExp(
  `([,;\\t])(?=${SPACES}(?:[=@\\r${FULL_WIDTH}]|${NOT_A_NUMBER}))`,
  'g',
);
/** What makes a field need quotes: any separator a spreadsheet may split on, a quote or a line break. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV field (RFC 4180): quoted when it holds a separator, quote or line break; formulas defused. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (values: (string | number | boolean | null)[]) => `${values.map(csvField).join(',')}\r\n`;

/** Reads the participants table's filter from the page's query string (the same names the page uses). */
export function filterFromQuery(params: URLSearchParams): ParticipantFilter {
  const [sort, direction] = (params.get('sort') ?? 'createdAt:desc').split(':');
  const parsed = participantFilterSchema.safeParse({
    search: params.get('q') ?? undefined,
    searchField: params.get('field') ?? undefined,
    allowed: params.get('allowed') ?? undefined,
    outcome: params.get('outcome') ?? undefined,
    resultStatus: params.get('result') ?? undefined,
    sort,
    direction,
  });
  return parsed.success ? parsed.data : participantFilterSchema.parse({});
}

export function participantsCsvStream(
  db: Db,
  questionnaireId: string,
  filter: ParticipantFilter,
  country: CountryCode = deploymentCountry(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = allParticipants(db, questionnaireId, filter, country);
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte-order mark so spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(COLUMNS.map(([name]) => name))}`));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(
          encoder.encode(next.value.map((row) => csvLine(COLUMNS.map(([, get]) => get(row)))).join('')),
        );
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
