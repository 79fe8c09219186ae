// The API keys domain's raw SQL: the request log and hourly usage written a batch at a time, the log's page,
// the Idempotency-Key record's claim and read, and the rate limit's shared bucket. Each table's columns come
// from ONE description: a column added to its model is a tsc error there until it is described, then in the
// statements that write the table until they give it a value or name it among their omissions.
// statements.test.ts compares the descriptions and the statements' columns with the migrated database.
import {
  Prisma,
  type ApiKeyRequest,
  type ApiKeyUsageHour,
  type IdempotencyRecord,
  type RateLimitBucket,
} from '@/server/generated/prisma/client.ts';
import { Table, type RowOf, type TableColumns } from '@/server/platform/db/table-columns';

/** The api_key_request table (the request log), field by field. */
const KEY_REQUEST_COLUMNS = {
  id: { name: 'id', type: 'bigint' },
  keyId: { name: 'key_id', type: 'uuid' },
  at: { name: 'at', type: 'timestamptz' },
  method: { name: 'method', type: 'text' },
  route: { name: 'route', type: 'text' },
  status: { name: 'status', type: 'smallint' },
  durationMs: { name: 'duration_ms', type: 'real' },
  requestId: { name: 'request_id', type: 'text' },
} as const satisfies TableColumns<ApiKeyRequest>;

/** The api_key_usage_hour table, field by field. */
const USAGE_HOUR_COLUMNS = {
  keyId: { name: 'key_id', type: 'uuid' },
  hour: { name: 'hour', type: 'timestamptz' },
  requests: { name: 'requests', type: 'int' },
  failed: { name: 'failed', type: 'int' },
  rateLimited: { name: 'rate_limited', type: 'int' },
} as const satisfies TableColumns<ApiKeyUsageHour>;

/** The idempotency_record table, field by field. */
const IDEMPOTENCY_COLUMNS = {
  apiKeyId: { name: 'api_key_id', type: 'uuid' },
  key: { name: 'key', type: 'text' },
  requestHash: { name: 'request_hash', type: 'text' },
  state: { name: 'state', type: 'text' },
  responseStatus: { name: 'response_status', type: 'int' },
  responseBody: { name: 'response_body', type: 'text' },
  createdAt: { name: 'created_at', type: 'timestamptz' },
  expiresAt: { name: 'expires_at', type: 'timestamptz' },
} as const satisfies TableColumns<IdempotencyRecord>;

/** The rate_limit_bucket table, field by field. */
const BUCKET_COLUMNS = {
  apiKeyId: { name: 'api_key_id', type: 'uuid' },
  tokens: { name: 'tokens', type: 'float8' },
  updatedAt: { name: 'updated_at', type: 'timestamptz' },
} as const satisfies TableColumns<RateLimitBucket>;

export const KEY_REQUEST = new Table<ApiKeyRequest, typeof KEY_REQUEST_COLUMNS>(
  'api_key_request',
  KEY_REQUEST_COLUMNS,
);
export const USAGE_HOUR = new Table<ApiKeyUsageHour, typeof USAGE_HOUR_COLUMNS>(
  'api_key_usage_hour',
  USAGE_HOUR_COLUMNS,
);
export const IDEMPOTENCY_RECORD = new Table<IdempotencyRecord, typeof IDEMPOTENCY_COLUMNS>(
  'idempotency_record',
  IDEMPOTENCY_COLUMNS,
);
export const RATE_LIMIT_BUCKET = new Table<RateLimitBucket, typeof BUCKET_COLUMNS>(
  'rate_limit_bucket',
  BUCKET_COLUMNS,
);

// ---------------------------------------------------------------------------------------------------------------
// The request log and hourly usage: a batch written as one JSON parameter per table.

/** The column a logged call is written without: its number, given by the table's sequence. */
export const KEY_REQUEST_OMITS = ['id'] as const;
const LOGGED_FIELDS = KEY_REQUEST.fieldsExcept(KEY_REQUEST_OMITS);

/** A call as the request log stores it. */
export type LoggedRequest = Omit<ApiKeyRequest, (typeof KEY_REQUEST_OMITS)[number]>;

/**
 * Rows as one JSON parameter of `json_to_recordset`, each under its column names (a Date becomes its ISO
 * text, which the timestamptz column reads back exactly).
 */
function jsonRows<Model, C extends TableColumns<Model>, F extends keyof Model & string>(
  table: Table<Model, C>,
  fields: readonly F[],
  records: readonly Pick<Model, F>[],
): string {
  return JSON.stringify(
    records.map((record) => Object.fromEntries(fields.map((field) => [table.column(field), record[field]]))),
  );
}

/** Writes a batch of calls (at least one). */
export const insertKeyRequestsStatement = (requests: readonly LoggedRequest[]): Prisma.Sql => Prisma.sql`
      INSERT INTO api_key_request (${KEY_REQUEST.columnList(LOGGED_FIELDS)})
      SELECT ${KEY_REQUEST.columnList(LOGGED_FIELDS, { alias: 'r' })}
      FROM json_to_recordset(${jsonRows(KEY_REQUEST, LOGGED_FIELDS, requests)}::json)
        AS r(${KEY_REQUEST.columnDefinitions(LOGGED_FIELDS)})`;

/** The columns naming an hour of a key; every other column is a count that the batch adds to. */
export const USAGE_HOUR_KEY = ['keyId', 'hour'] as const;
const USAGE_COUNTS = USAGE_HOUR.fieldsExcept(USAGE_HOUR_KEY);

/** Adds a batch of hourly counts (at least one) to the stored ones, or stores them for a new hour. */
export const addUsageHoursStatement = (hours: readonly ApiKeyUsageHour[]): Prisma.Sql => Prisma.sql`
      INSERT INTO api_key_usage_hour AS u (${USAGE_HOUR.columnList(USAGE_HOUR.fields)})
      SELECT ${USAGE_HOUR.columnList(USAGE_HOUR.fields, { alias: 'r' })}
      FROM json_to_recordset(${jsonRows(USAGE_HOUR, USAGE_HOUR.fields, hours)}::json)
        AS r(${USAGE_HOUR.columnDefinitions(USAGE_HOUR.fields)})
      ON CONFLICT (${USAGE_HOUR.columnList(USAGE_HOUR_KEY)}) DO UPDATE SET ${Prisma.raw(
        USAGE_COUNTS.map(
          (field) =>
            `${USAGE_HOUR.column(field)} = u.${USAGE_HOUR.column(field)} + excluded.${USAGE_HOUR.column(field)}`,
        ).join(', '),
      )}`;

/** A row of keyRequestPageStatement: every column of a call but its key's. */
const PAGE_FIELDS = KEY_REQUEST.fieldsExcept(['keyId']);
export type KeyRequestRow = RowOf<ApiKeyRequest, typeof KEY_REQUEST_COLUMNS, (typeof PAGE_FIELDS)[number]>;

/** A key's calls since `since`, newest first: those `conditions` leave, `limit` + 1 of them. */
export const keyRequestPageStatement = (
  keyId: string,
  since: Date,
  conditions: Prisma.Sql,
  limit: number,
): Prisma.Sql => Prisma.sql`
    SELECT ${KEY_REQUEST.columnList(PAGE_FIELDS)} FROM api_key_request
    WHERE key_id = ${keyId}::uuid AND at >= ${since} ${conditions}
    ORDER BY at DESC, id DESC LIMIT ${limit + 1}`;

// ---------------------------------------------------------------------------------------------------------------
// Idempotency-Key records.

/** The columns a claim leaves empty: the answer, stored once the request has one. */
export const CLAIM_OMITS = ['responseStatus', 'responseBody'] as const;
const CLAIM_FIELDS = IDEMPOTENCY_RECORD.fieldsExcept(CLAIM_OMITS);
const claimValues = IDEMPOTENCY_RECORD.parameterRow(CLAIM_FIELDS);

/** Claims the key for a request (`in_progress`); writes nothing when the key is held already. */
export const claimIdempotencyKeyStatement = (
  claim: Pick<IdempotencyRecord, (typeof CLAIM_FIELDS)[number]>,
): Prisma.Sql => Prisma.sql`
      INSERT INTO idempotency_record (${IDEMPOTENCY_RECORD.columnList(CLAIM_FIELDS)})
      VALUES ${claimValues(claim)}
      ON CONFLICT (api_key_id, key) DO NOTHING`;

/** What a stored record is read for: every column but those naming it. */
const STORED_FIELDS = IDEMPOTENCY_RECORD.fieldsExcept(['apiKeyId', 'key']);
export type StoredIdempotencyRow = RowOf<
  IdempotencyRecord,
  typeof IDEMPOTENCY_COLUMNS,
  (typeof STORED_FIELDS)[number]
>;

/** The record of a key (no row when there is none). */
export const storedIdempotencyRecordStatement = (apiKeyId: string, key: string): Prisma.Sql => Prisma.sql`
      SELECT ${IDEMPOTENCY_RECORD.columnList(STORED_FIELDS)}
      FROM idempotency_record WHERE api_key_id = ${apiKeyId}::uuid AND key = ${key}`;

// ---------------------------------------------------------------------------------------------------------------
// The rate limit's bucket.

/**
 * Takes `count` tokens from the key's bucket when `available` (SQL over the stored bucket `b`) holds them,
 * creating a full bucket (`limit`) on the key's first request; answers the tokens left, or no row.
 */
export function takeTokensStatement(
  apiKeyId: string,
  bucket: { limit: number; count: number; available: Prisma.Sql },
): Prisma.Sql {
  const { limit, count, available } = bucket;
  const now = Prisma.sql`clock_timestamp()`;
  const created: { readonly [F in keyof RateLimitBucket]: Prisma.Sql } = {
    apiKeyId: RATE_LIMIT_BUCKET.parameter('apiKeyId', apiKeyId),
    tokens: Prisma.sql`${limit}::float8 - ${count}::float8`,
    updatedAt: now,
  };
  return Prisma.sql`
    INSERT INTO rate_limit_bucket AS b (${RATE_LIMIT_BUCKET.columnList(RATE_LIMIT_BUCKET.fields)})
    VALUES (${Prisma.join(RATE_LIMIT_BUCKET.fields.map((field) => created[field]))})
    ON CONFLICT (api_key_id) DO UPDATE
      SET tokens = ${available} - ${count}::float8, updated_at = ${now}
      WHERE ${available} >= ${count}::float8
    RETURNING tokens`;
}
