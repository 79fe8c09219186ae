// The results domain's raw SQL: publishing a result (result, revision and outbox rows in one statement), a page
// of the results feed and one participant's current result. The result and revision columns come from ONE
// description each (RESULT_COLUMNS, REVISION_COLUMNS): a column added to the Result or ResultRevision model is
// a tsc error there until it is described, then in the publishing statement until it is given a value, and it
// reaches the feed's row unless FEED_OMITS names it. statements.test.ts compares them with the migrated
// database (PGlite and PostgreSQL).
import {
  Prisma,
  type Attempt,
  type Participant,
  type Result,
  type ResultRevision,
} from '@/server/generated/prisma/client.ts';
import { Table, type RowOf, type TableColumns } from '@/server/platform/db/table-columns';
import { ATTEMPT, PARTICIPANT } from '@/server/participants/statements';
import { EVENT_TYPES, type ResultData } from '@/server/webhooks/payload';
import {
  DELIVERY,
  QUEUED_DELIVERIES,
  queueDeliveriesSql,
  type QueuedDeliveries,
} from '@/server/webhooks/outbox';

/** The result table, field by field. */
const RESULT_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  participantId: { name: 'participant_id', type: 'uuid' },
  attemptId: { name: 'attempt_id', type: 'uuid' },
  status: { name: 'status', type: 'text' },
  overallEvaluation: { name: 'overall_evaluation', type: 'text' },
  questionsRiskRating: { name: 'questions_risk_rating', type: 'jsonb' },
  isAdmission: { name: 'is_admission', type: 'boolean' },
  isCounterMeasure: { name: 'is_counter_measure', type: 'boolean' },
  isNotComplete: { name: 'is_not_complete', type: 'boolean' },
  summary: { name: 'summary', type: 'text' },
  summaryBgcolor: { name: 'summary_bgcolor', type: 'text' },
  clear: { name: 'clear', type: 'boolean' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
  updatedAt: { name: 'updated_at', type: 'timestamptz' },
} as const satisfies TableColumns<Result>;

/** The result_revision table, field by field. */
const REVISION_COLUMNS = {
  id: { name: 'id', type: 'uuid' },
  resultId: { name: 'result_id', type: 'uuid' },
  data: { name: 'data', type: 'jsonb' },
  source: { name: 'source', type: 'text' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
} as const satisfies TableColumns<ResultRevision>;

export const RESULT = new Table<Result, typeof RESULT_COLUMNS>('result', RESULT_COLUMNS);
export const RESULT_REVISION = new Table<ResultRevision, typeof REVISION_COLUMNS>(
  'result_revision',
  REVISION_COLUMNS,
);

// ---------------------------------------------------------------------------------------------------------------
// Publishing: the result of the participant's latest attempt, its revision and its webhook deliveries.

/** The columns a result updated in place keeps: which result it is, whose, and when it was first stored. */
export const UPDATE_KEEPS = ['id', 'participantId', 'attemptId', 'createdAt'] as const;
const UPDATED_COLUMNS = Prisma.raw(
  RESULT.fieldsExcept(UPDATE_KEEPS)
    .map((field) => `${RESULT.column(field)} = EXCLUDED.${RESULT.column(field)}`)
    .join(', '),
);

export interface PublishInput {
  participantId: string;
  /** The id a new result gets (an existing result of the attempt keeps its own). */
  newResultId: string;
  revisionId: string;
  data: ResultData;
  source: string;
  /** The payload's own fields; the statement adds those that come from the participant. */
  payloadFromInput: object;
  requestId: string | null;
  traceparent: string | null;
  now: Date;
}

/** The row of publishStatement. */
export interface PublishRow extends QueuedDeliveries {
  found: boolean;
  questionnaire_id: string | null;
  has_attempt: boolean;
  result_id: string | null;
}

/**
 * The one statement behind publishResult (server/results/results.ts says what it writes and why in one
 * statement). Every result and revision column is given a value here, each as SQL over the row `target`.
 */
export function publishStatement(input: PublishInput): Prisma.Sql {
  const { data, now } = input;
  const stored: { readonly [F in keyof Result]: Prisma.Sql } = {
    id: RESULT.parameter('id', input.newResultId),
    participantId: Prisma.sql`participant_id`,
    attemptId: Prisma.sql`attempt_id`,
    status: RESULT.parameter('status', data.status),
    overallEvaluation: RESULT.parameter('overallEvaluation', data.overall_evaluation),
    questionsRiskRating: Prisma.sql`${JSON.stringify(data.questions_risk_rating)}::jsonb`,
    isAdmission: RESULT.parameter('isAdmission', data.is_admission),
    isCounterMeasure: RESULT.parameter('isCounterMeasure', data.is_counter_measure),
    isNotComplete: RESULT.parameter('isNotComplete', data.is_not_complete),
    summary: RESULT.parameter('summary', data.summary ?? null),
    summaryBgcolor: RESULT.parameter('summaryBgcolor', data.summary_bgcolor ?? null),
    clear: RESULT.parameter('clear', data.clear ?? null),
    createdAt: RESULT.parameter('createdAt', now),
    updatedAt: RESULT.parameter('updatedAt', now),
  };
  const revision: { readonly [F in keyof ResultRevision]: Prisma.Sql } = {
    id: RESULT_REVISION.parameter('id', input.revisionId),
    resultId: Prisma.sql`id`,
    data: Prisma.sql`${JSON.stringify(data)}::jsonb`,
    source: RESULT_REVISION.parameter('source', input.source),
    createdAt: RESULT_REVISION.parameter('createdAt', now),
  };
  return Prisma.sql`
    WITH target AS (
      SELECT p.id AS participant_id, p.questionnaire_id, p.irn,
             ${PARTICIPANT_LANGUAGE} AS participant_language,
             latest.id AS attempt_id, latest.access_code
      FROM participant p
      JOIN questionnaire q ON q.id = p.questionnaire_id
      LEFT JOIN LATERAL (
        SELECT id, access_code FROM attempt WHERE participant_id = p.id ORDER BY number DESC LIMIT 1
      ) latest ON true
      WHERE p.id = ${input.participantId}::uuid AND p.erased_at IS NULL
    ), stored AS (
      INSERT INTO result (${RESULT.columnList(RESULT.fields)})
      SELECT ${Prisma.join(RESULT.fields.map((field) => stored[field]))}
      FROM target WHERE attempt_id IS NOT NULL
      ON CONFLICT (attempt_id) DO UPDATE SET ${UPDATED_COLUMNS}
      RETURNING id
    ), revision AS (
      INSERT INTO result_revision (${RESULT_REVISION.columnList(RESULT_REVISION.fields)})
      SELECT ${Prisma.join(RESULT_REVISION.fields.map((field) => revision[field]))}
      FROM stored
      RETURNING id
    ), ${queueDeliveriesSql({
      endpoints: Prisma.sql`FROM revision r
        CROSS JOIN target t
        JOIN webhook_endpoint we ON we.questionnaire_id = t.questionnaire_id AND we.active`,
      event: {
        participantId: Prisma.sql`t.participant_id`,
        resultRevisionId: Prisma.sql`r.id`,
        eventType: DELIVERY.parameter('eventType', EVENT_TYPES.resultUpdate),
        payload: Prisma.sql`${JSON.stringify(input.payloadFromInput)}::jsonb || jsonb_build_object(
          'project_uuid', t.questionnaire_id, 'access_code', t.access_code,
          'interview_ref_num', t.irn, 'participant_language', t.participant_language)`,
        nextAttemptAt: DELIVERY.parameter('nextAttemptAt', now),
        requestId: DELIVERY.parameter('requestId', input.requestId),
        publishTraceparent: DELIVERY.parameter('publishTraceparent', input.traceparent),
        createdAt: DELIVERY.parameter('createdAt', now),
        updatedAt: DELIVERY.parameter('updatedAt', now),
      },
      supersedes: {
        participantId: Prisma.sql`(SELECT participant_id FROM target)`,
        revisionId: Prisma.sql`(SELECT id::text FROM revision)`,
        now,
      },
    })}
    SELECT EXISTS (SELECT 1 FROM target) AS found,
           (SELECT questionnaire_id::text FROM target) AS questionnaire_id,
           EXISTS (SELECT 1 FROM target WHERE attempt_id IS NOT NULL) AS has_attempt,
           (SELECT id::text FROM stored) AS result_id,
           ${QUEUED_DELIVERIES}`;
}

// ---------------------------------------------------------------------------------------------------------------
// A current result, as the results feed and GET /v1/participant/{participant_uuid}/result read it.

/** The participant's language as the payload carries it, from its participant `p` and questionnaire `q`. */
export const PARTICIPANT_LANGUAGE = Prisma.sql`COALESCE(p.language, q.languages[1], 'English')`;

/**
 * The result columns a current result leaves out: the feed names a result by its participant, and tells when
 * it was last published (updated_at), not first.
 */
export const FEED_OMITS = ['id', 'participantId', 'attemptId', 'createdAt'] as const;
const FEED_RESULT_FIELDS = RESULT.fieldsExcept(FEED_OMITS);

/** A current result's row. */
export type FeedRow = RowOf<Result, typeof RESULT_COLUMNS, (typeof FEED_RESULT_FIELDS)[number]> &
  RowOf<Participant, typeof PARTICIPANT.columns, 'irn'> &
  RowOf<Attempt, typeof ATTEMPT.columns, 'accessCode'> & {
    /** A bigint; text where the statement ran on the pg pool directly (pg reads int8 as text). */
    position: bigint | string | null;
    participant_id: string;
    questionnaire_id: string;
    participant_language: string;
    /** The questionnaire is a sandbox: its results are test data. */
    sandbox: boolean;
  };

/** The columns of a current result, from an entry `e` joined to its participant `p` (and CURRENT_RESULT_JOINS). */
const CURRENT_RESULT_COLUMNS = Prisma.sql`
  e.position, p.id::text AS participant_id, p.questionnaire_id::text AS questionnaire_id,
  ${PARTICIPANT.columnList(['irn'], { alias: 'p' })},
  ${PARTICIPANT_LANGUAGE} AS participant_language, ${ATTEMPT.columnList(['accessCode'], { alias: 'a' })},
  ${RESULT.columnList(FEED_RESULT_FIELDS, { alias: 'r' })}, q.sandbox`;

/** The entry's result `r`, its attempt `a` and the participant's questionnaire `q`. */
const CURRENT_RESULT_JOINS = Prisma.sql`
  JOIN result r ON r.id = e.result_id
  JOIN attempt a ON a.id = r.attempt_id
  JOIN questionnaire q ON q.id = p.questionnaire_id`;

/** The participant's current result: the one its feed entry points at (no row when it has none). */
export const currentResultStatement = (participantId: string): Prisma.Sql => Prisma.sql`
    SELECT ${CURRENT_RESULT_COLUMNS}
    FROM result_feed_entry e
    JOIN participant p ON p.id = e.participant_id
    ${CURRENT_RESULT_JOINS}
    WHERE e.participant_id = ${participantId}::uuid`;

/** A row of feedPageStatement: a result of the page (or none), with the counter and how far the walk went. */
export interface FeedPageRow extends FeedRow {
  /** Its int8 columns are bigints, or text where the statement ran on the pg pool directly. */
  last_position: bigint | string;
  /** How many entries the walk reached: the page's, and one more when the page was cut. */
  walked: bigint | string;
  /** The page's size so far in the walk's estimate (`resultBytes`), up to and including this entry. */
  page_bytes: bigint | string | number | null;
}

/** Entry `e` (of participant `p`, with CURRENT_RESULT_JOINS) belongs to the questionnaire's feed after `after`. */
const inFeedAfter = (questionnaireId: string, after: Prisma.Sql, updatedSince: Date | null) => Prisma.sql`
  e.questionnaire_id = ${questionnaireId}::uuid AND e.position > ${after} AND p.erased_at IS NULL
  AND (${updatedSince}::timestamptz IS NULL OR r.updated_at >= ${updatedSince}::timestamptz)`;

/**
 * A page of the feed (server/results/feed.ts says how it is read): the walk from `after` that adds up each
 * result's `resultBytes` and stops past `limit` results or `pageBytes`, the counter, and the page's results.
 * One row with null columns of a result when the page is empty.
 */
export function feedPageStatement(
  questionnaireId: string,
  page: {
    after: bigint;
    updatedSince: Date | null;
    limit: number;
    resultBytes: Prisma.Sql;
    pageBytes: number;
  },
): Prisma.Sql {
  const { after, updatedSince, limit, resultBytes, pageBytes } = page;
  const inPage = Prisma.sql`w.n <= ${limit} AND (w.n = 1 OR w.bytes <= ${pageBytes})`;
  return Prisma.sql`
    WITH RECURSIVE walk (position, n, bytes) AS (
      (SELECT e.position, 1, ${resultBytes}
       FROM result_feed_entry e
       JOIN participant p ON p.id = e.participant_id
       ${CURRENT_RESULT_JOINS}
       WHERE ${inFeedAfter(questionnaireId, Prisma.sql`${after}`, updatedSince)}
       ORDER BY e.position
       LIMIT 1)
      UNION ALL
      SELECT next.position, w.n + 1, w.bytes + next.bytes
      FROM walk w
      CROSS JOIN LATERAL (
        SELECT e.position, ${resultBytes} AS bytes
        FROM result_feed_entry e
        JOIN participant p ON p.id = e.participant_id
        ${CURRENT_RESULT_JOINS}
        WHERE ${inFeedAfter(questionnaireId, Prisma.sql`w.position`, updatedSince)}
        ORDER BY e.position
        LIMIT 1
      ) next
      WHERE ${inPage}
    )
    SELECT counter.last_position, (SELECT count(*) FROM walk) AS walked, page.*
    FROM (
      SELECT COALESCE((SELECT last_position FROM result_feed_counter WHERE questionnaire_id = ${questionnaireId}::uuid), 0)
               AS last_position
    ) counter
    LEFT JOIN LATERAL (
      SELECT ${CURRENT_RESULT_COLUMNS}, w.bytes AS page_bytes
      FROM walk w
      JOIN result_feed_entry e ON e.questionnaire_id = ${questionnaireId}::uuid AND e.position = w.position
      JOIN participant p ON p.id = e.participant_id
      ${CURRENT_RESULT_JOINS}
      WHERE ${inPage}
      ORDER BY e.position
    ) page ON true`;
}
