// The floor of `npm run bench`: a bare node:http server doing the database work of the two hot REST writes and
// nothing else (no framework, no validation beyond JSON.parse, the key compared from memory), so the bench can
// say how close the service comes to what the hardware and the database allow.
//   POST /questionnaire/v1/participant           createParticipant's own statement (imported, not copied)
//   PUT  /questionnaire/v1/participant/{id}       the outcome update: participant row + outcome event, one transaction
// Started by scripts/bench/floor.ts as its own process (so its CPU time is its own) with FLOOR_* variables.
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '@/server/platform/db/adapter';
import { insertParticipantStatement, type InsertParticipantRow } from '@/server/participants/statements';
import { newParticipantRecords } from '@/server/participants/participants';
import { toParticipantRecord } from '@/server/participants/rest-view';
import { MESSAGES } from '@/server/participants/messages';
import { PARTICIPANT_AUTH } from '@/server/api-keys/messages';
import { DOOR_MESSAGES } from '@/server/rest-contract/messages';

const databaseUrl = process.env.FLOOR_DATABASE_URL!;
const port = Number(process.env.FLOOR_PORT);
const poolSize = Number(process.env.FLOOR_POOL_SIZE ?? 10);
const tenantId = process.env.FLOOR_TENANT_ID!;
const questionnaireId = process.env.FLOOR_QUESTIONNAIRE_ID!;
const apiKey = Buffer.from(process.env.FLOOR_API_KEY!);
const apiKeyId = process.env.FLOOR_API_KEY_ID ?? null;

interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<{ rows: R[] }>;
}
interface FloorDatabase {
  query: Queryable['query'];
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL through a pg pool of the service's size, or PGlite opened the way the service opens it. */
async function openDatabase(): Promise<FloorDatabase> {
  if (databaseUrl.startsWith('pglite:')) {
    const { pglite, close } = openPglite(databaseUrl);
    // Opening the data directory takes seconds on a busy machine: ready before the first request is timed.
    await pglite.waitReady;
    return {
      query: (text, values) => pglite.query(text, values),
      transaction: (work) => pglite.transaction((tx) => work(tx)),
      close,
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  return {
    query: (text, values) => pool.query(text, values),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const database = await openDatabase();

async function readBody(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>;
}

function keyMatches(header: string | undefined): boolean {
  const given = Buffer.from(header ?? '');
  return given.length === apiKey.length && timingSafeEqual(given, apiKey);
}

async function create(body: Record<string, string>, sourceIp: string | null) {
  // The service's own row building, without its checks (the floor validates nothing).
  const { participant, currentAttempt } = newParticipantRecords(questionnaireId, {
    irn: body.interview_ref_num!,
    details: {
      phoneNumber1: body.phone_number1,
      phoneNumber2: body.phone_number2,
      externalRefId: body.external_ref_id,
      email: body.email,
      language: body.language,
    },
  });
  const statement = insertParticipantStatement(participant, currentAttempt, {
    actor: { type: 'api_key', id: apiKeyId, sourceIp },
    action: 'participant.create',
    targetType: 'participant',
    targetId: participant.id,
    tenantId,
    questionnaireId,
    details: { attempt: 1, fields: Object.keys(body) },
  });
  const { rows } = await database.query<InsertParticipantRow & pg.QueryResultRow>(
    statement.text,
    statement.values,
  );
  if (!rows[0]?.created_ids.includes(participant.id)) return { status: 400, body: { message: 'duplicate' } };
  return {
    status: 201,
    body: toParticipantRecord({ participant, currentAttempt, attemptCount: 1, isAllowed: true }),
  };
}

async function updateOutcome(participantId: string, body: Record<string, string>) {
  const outcomeTs = body.outcome_ts ? new Date(body.outcome_ts) : new Date();
  const row = await database.transaction(async (tx) => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `UPDATE participant SET outcome = $1, outcome_ts = $2, updated_at = now()
       WHERE id = $3::uuid AND questionnaire_id = $4::uuid
       RETURNING id, irn, outcome, outcome_ts`,
      [body.outcome, outcomeTs, participantId, questionnaireId],
    );
    if (!rows[0]) return null;
    await tx.query(
      `INSERT INTO outcome_event (id, participant_id, outcome, outcome_ts, api_key_id)
       VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4::uuid)`,
      [participantId, body.outcome, outcomeTs, apiKeyId],
    );
    return rows[0];
  });
  return row ? { status: 200, body: row } : { status: 404, body: { message: MESSAGES.participantNotFound } };
}

const PARTICIPANT_PATH = '/questionnaire/v1/participant';

const server = http.createServer((req, res) => {
  const answer = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
  const handle = async () => {
    if (req.url === '/health') return answer(200, { status: 'ok' });
    if (!keyMatches(req.headers.authorization)) return answer(401, { message: PARTICIPANT_AUTH.invalid });
    const body = await readBody(req);
    const result =
      req.method === 'POST' && req.url === PARTICIPANT_PATH
        ? await create(body, req.socket.remoteAddress ?? null)
        : req.method === 'PUT' && req.url?.startsWith(`${PARTICIPANT_PATH}/`)
          ? await updateOutcome(req.url.slice(PARTICIPANT_PATH.length + 1), body)
          : { status: 404, body: { message: DOOR_MESSAGES.endpointNotFound } };
    answer(result.status, result.body);
  };
  handle().catch((error: unknown) => answer(500, { message: (error as Error).message }));
});
server.listen(port, '127.0.0.1', () => console.log(`floor listening on ${port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close();
    void database.close().finally(() => process.exit(0));
  });
