// Every number the customer and operator docs state about the service's behaviour is the number the code uses:
// the retry schedule and its jitter, the webhook timeout, body limits, page sizes, the idempotency window,
// the listen wait, the secret overlap, result text limits and the retention defaults. The docs are the
// Markdown pages (docs/*.md, README.md, client/README.md), the source of the /docs pages (numbers they render
// from a constant appear there as `{CONSTANT}` and need no check) and the OpenAPI document as served (its
// descriptions and the procedures' meta). Each rule finds every statement of one number by its wording and
// compares it with the constant; whoever changes a constant finds this test naming each page still saying
// the old number. A rule that finds nothing fails too, so a reworded page cannot slip out of the check.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';
import { DEFAULT_IDEMPOTENCY_WAIT_MS } from '@/server/doors/rest/idempotent-request';
import { IDEMPOTENCY_TTL_MS } from '@/server/api-keys/idempotency';
import { MAX_JSON_BODY_BYTES } from '@/server/platform/lib/json-body';
import { parseEnv } from '@/server/platform/env';
import { FEED_PAGE_BYTES } from '@/server/results/feed-page-size';
import { DELIVERY_TIMEOUT_MS } from '@/server/webhooks/delivery-timeout';
import { DELIVERY_PAGE_LIMIT } from '@/server/webhooks/delivery-pages';
import { LISTEN_MAX_WAIT_SECONDS } from '@/server/webhooks/listen-poll';
import { RESULT_TEXT_MAX, RISK_RATING_MAX_ENTRIES } from '@/server/webhooks/payload';
import { JITTER, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '@/server/webhooks/retry-schedule';
import { DEFAULT_SECRET_OVERLAP_HOURS, MAX_SECRET_OVERLAP_HOURS } from '@/server/webhooks/secret-overlap';

const HOUR_MS = 3_600_000;

/** The texts a reader sees: file name → text. */
function documentation(): Map<string, string> {
  const texts = new Map<string, string>();
  const markdown = fs
    .readdirSync('docs')
    // benchmarks.md reports measurements (response sizes in KiB, …), not settings.
    .filter((name) => name.endsWith('.md') && name !== 'benchmarks.md')
    .map((name) => path.join('docs', name));
  for (const file of [
    ...markdown,
    'README.md',
    'client/README.md',
    'app/docs/page.tsx',
    'app/docs/webhooks/page.tsx',
  ])
    texts.set(file, fs.readFileSync(file, 'utf8'));
  texts.set('the OpenAPI document', JSON.stringify(buildOpenApiDocument(), null, 1));
  return texts;
}

/** A duration as the docs write it in lists: 5 s, 5 min, 2 h. */
const short = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < HOUR_MS ? `${ms / 60_000} min` : `${ms / HOUR_MS} h`;

/** Digits without thousands separators, so "2,000" and "2000" both read as 2000. */
const plain = (text: string) => text.replace(/[,\s]/g, '');

interface Rule {
  /** What the number is, in the failure message. */
  what: string;
  /** Finds each statement; group 1 is the number as written. Global. */
  pattern: RegExp;
  expected: string;
  /** How the captured text compares with `expected` (default: digits without separators). */
  normalize?: (captured: string) => string;
}

const schedule = RETRY_DELAYS_MS.map(short).join(', ');
const defaults = parseEnv({}) as unknown as Record<string, unknown>;
const totalHours = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) / HOUR_MS;

const RULES: Rule[] = [
  {
    what: 'retry schedule (RETRY_DELAYS_MS)',
    // Any list of durations going from seconds to minutes: "5 s, 5 min, … and 10 h".
    pattern: /\b(\d+ s,? \d+ min(?:,? (?:and )?\d+ (?:s|min|h)\b)*)/g,
    expected: schedule,
    normalize: (list) => list.replace(/,? and /g, ', '),
  },
  { what: 'retry jitter (JITTER)', pattern: /(\d+) ?% later/g, expected: String(JITTER * 100) },
  // A wait is only ever lengthened: "±" would promise an earlier retry than the schedule's.
  {
    what: 'retry jitter, one-sided (JITTER)',
    pattern: /\b\d+ h,? (?:and )?\d+ h \((±\s?\d+ ?%)/g,
    expected: '',
  },
  {
    what: 'attempts of a delivery (MAX_ATTEMPTS)',
    pattern: /\b(\d+) attempts over/g,
    expected: String(MAX_ATTEMPTS),
  },
  {
    what: 'time a delivery is retried for (sum of RETRY_DELAYS_MS)',
    pattern: /attempts over about ([\d.]+ hours)/g,
    expected: `${totalHours.toFixed(1)} hours`,
    normalize: (text) => text,
  },
  // The first attempt is not a retry: "retried immediately" once described it as one.
  { what: 'no immediate retry (RETRY_DELAYS_MS[0])', pattern: /(retried immediately)/g, expected: '' },
  {
    what: 'webhook answer timeout (DELIVERY_TIMEOUT_MS)',
    pattern: /2xx\W{0,12}(?:status )?within \**(\d+)\** ?(?:s|seconds)\b/g,
    expected: String(DELIVERY_TIMEOUT_MS / 1000),
  },
  {
    what: 'REST and ingestion body limit (MAX_JSON_BODY_BYTES)',
    // Every KiB figure but the sign-in form's.
    pattern: /(?<!sign-in \**)\b(\d+)\** KiB/g,
    expected: String(MAX_JSON_BODY_BYTES / 1024),
  },
  {
    what: 'Idempotency-Key window (IDEMPOTENCY_TTL_MS)',
    pattern: /(?:kept for|only|expire \()(\d+) (?:hours|h)\b(?! idle)/g,
    expected: String(IDEMPOTENCY_TTL_MS / HOUR_MS),
  },
  {
    what: 'wait for a concurrent idempotent request (DEFAULT_IDEMPOTENCY_WAIT_MS)',
    pattern: /(?:takes over |\*\*waits up to )(\d+) s\b/g,
    expected: String(DEFAULT_IDEMPOTENCY_WAIT_MS / 1000),
  },
  {
    what: 'secret overlap default (DEFAULT_SECRET_OVERLAP_HOURS)',
    pattern: /(?:overlap_hours[^\n]{0,40}\(default |previous secret for |overlap_hours"?: ?)(\d+)/g,
    expected: String(DEFAULT_SECRET_OVERLAP_HOURS),
  },
  {
    what: 'secret overlap maximum (MAX_SECRET_OVERLAP_HOURS)',
    pattern: /overlap_hours`?(?:<\/C>)?,? (?:from )?0 to (\d+)/g,
    expected: String(MAX_SECRET_OVERLAP_HOURS),
  },
  {
    what: 'delivery log page (DELIVERY_PAGE_LIMIT)',
    pattern: /deliveries \((default \d+, at most \d+)\)/g,
    expected: `default ${DELIVERY_PAGE_LIMIT.default}, at most ${DELIVERY_PAGE_LIMIT.max}`,
    normalize: (text) => text,
  },
  {
    what: 'results feed page bytes (FEED_PAGE_BYTES)',
    pattern: /(?:results or|at most \**) ?(\d+) MiB of JSON/g,
    expected: String(FEED_PAGE_BYTES / 1024 / 1024),
  },
  {
    what: 'listen poll wait (LISTEN_MAX_WAIT_SECONDS)',
    pattern: /waits up to (\d+) s \(`wait_seconds`\)/g,
    expected: String(LISTEN_MAX_WAIT_SECONDS),
  },
  {
    what: 'result text limit of text and note (RESULT_TEXT_MAX)',
    pattern: /(?:\.text|\.note|`text`\/`note`)[^\n|]{0,30}?(?:at most )?(\d[\d,]*) characters/g,
    expected: String(RESULT_TEXT_MAX['questions_risk_rating[].text']),
  },
  {
    what: 'questions_risk_rating entries (RISK_RATING_MAX_ENTRIES)',
    pattern: /(?:at most |\| )(\d[\d,]*) (?:questions_risk_rating )?entries/g,
    expected: String(RISK_RATING_MAX_ENTRIES),
  },
  {
    what: 'ended deliveries retained (WEBHOOK_DELIVERY_RETENTION_DAYS default)',
    pattern: /(?:while the delivery is retained: |deliveries and their attempts )(\d+) days/g,
    expected: String(defaults.WEBHOOK_DELIVERY_RETENTION_DAYS),
  },
  {
    what: 'audit log retained (AUDIT_LOG_RETENTION_DAYS default)',
    pattern: /audit log (\d+) days/g,
    expected: String(defaults.AUDIT_LOG_RETENTION_DAYS),
  },
];

/**
 * `WEBHOOK_DELIVERY_RETENTION_DAYS` (30) or (1–90, default 7): every retention variable stated with its
 * default, anywhere ("(7 days)" restates an HOURS default in days and is not read).
 */
const RETENTION_DEFAULT = /`([A-Z_]+_(?:DAYS|HOURS))` \((?:[\d,]+–[\d,]+, default )?(\d[\d,]*)\b(?! days)/g;

describe('the numbers the docs state', () => {
  const texts = documentation();

  it.each(RULES)('$what: every statement is the constant', ({ pattern, expected, normalize = plain }) => {
    const wrong: string[] = [];
    let found = 0;
    for (const [file, text] of texts)
      for (const match of text.matchAll(pattern)) {
        found++;
        if (normalize(match[1]!) !== normalize(expected))
          wrong.push(`${file}: "${match[0]}" (the code: ${expected || 'never said'})`);
      }
    expect(wrong).toEqual([]);
    // A rule for something that must not be said is satisfied by silence; every other must find its number.
    if (expected !== '') expect(found, `no page states it any more: ${pattern}`).toBeGreaterThan(0);
  });

  it('each retention variable is stated with the default start-up applies', () => {
    const wrong: string[] = [];
    for (const [file, text] of texts)
      for (const [statement, name, value] of text.matchAll(RETENTION_DEFAULT))
        if (name! in defaults && String(defaults[name!]) !== plain(value!))
          wrong.push(`${file}: "${statement}" (default ${String(defaults[name!])})`);
    expect(wrong).toEqual([]);
  });
});
