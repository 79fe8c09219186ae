// The hot raw statements (a participant's creation, an import chunk) go to PostgreSQL through the pg pool of
// Prisma's own driver adapter, not through Prisma's client. For a raw statement the client's request pipeline
// (its parameters serialised to JSON and parsed back, its debug and tracing hooks, its query interpreter) cost a
// fifth of the server's CPU per creation (`npm run bench:profile`), more than all of tRPC. Same pool, same
// connections, same statement, same results: pg parses the columns these statements return (uuid[], text[],
// integers) as Prisma does.
//
// Only the client itself is registered: inside a transaction (`tx`) the statement runs through Prisma on the
// transaction's connection. The statements marked `prepared` (the webhook claim and settle, many a second) go
// to the dispatcher's own pool on PostgreSQL (dispatcher-pool.ts: named prepared statements, never through a
// transaction pooler); the embedded database keeps Prisma's path for the rest, but PGlite plans a statement in
// WebAssembly, and planning those CTEs cost more than running them, so they are prepared once per database and
// executed (embeddedPrepared below).
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { escapeLiteral } from 'pg';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { processSingleton } from '@/server/platform/process-registry';
import type { Db } from './client';
import { preparedName, type DispatcherPool } from './dispatcher-pool';
import {
  databaseStepBound,
  RequestDeadlineError,
  setLocalStatementTimeout,
  type StepBound,
} from './request-deadline';
import { inTransaction } from './transaction';

// One per process: the client may have been opened by the REST door's module graph or by Next.js's bundles
// (the first request decides), and both must find its pool.
const directPools = processSingleton('directPools', () => new WeakMap<object, pg.Pool>());
const dispatcherPools = processSingleton('dispatcherPools', () => new WeakMap<object, DispatcherPool>());
const embeddedDatabases = processSingleton('embeddedDatabases', () => new WeakMap<object, PGlite>());

/** Lets `prisma` run queryRows statements straight on `pool` (the pool its adapter uses). */
export function useDirectStatements(prisma: object, pool: pg.Pool): void {
  directPools.set(prisma, pool);
}

/** Lets `prisma` run the queryRows statements marked `prepared` on the dispatcher's own pool. */
export function useDispatcherPool(prisma: object, pool: DispatcherPool): void {
  dispatcherPools.set(prisma, pool);
}

/** Lets `prisma` run the queryRows statements marked `prepared` as prepared statements of `pglite`. */
export function useEmbeddedStatements(prisma: object, pglite: PGlite): void {
  embeddedDatabases.set(prisma, pglite);
}

/** True when `prisma`'s hot raw statements go straight to its pg pool (PostgreSQL). */
export const usesDirectStatements = (prisma: object): boolean => directPools.has(prisma);

/** The rows of a raw statement whose columns are uuid, text, integer, boolean, timestamptz or arrays of them. */
export async function queryRows<Row>(
  db: Db,
  statement: Prisma.Sql,
  options: {
    /** The dispatcher's statements: prepared on its own pool (PostgreSQL) or on the embedded database. */
    prepared?: boolean;
    /**
     * A request's write whose text is one of a few (the create of one participant): prepared on the
     * embedded database, where planning it costs more than running it; on PostgreSQL it goes as usual.
     */
    preparedWhenEmbedded?: boolean;
  } = {},
): Promise<Row[]> {
  const pool = directPools.get(db);
  if (!pool) {
    const pglite = embeddedDatabases.get(db);
    if (pglite && options.prepared) return embeddedPrepared<Row>(pglite, statement);
    // Inside a request with a deadline, a write on the client gets a transaction of its own, bounded by it.
    const bound = '$connect' in db && !isRead(statement) ? databaseStepBound() : null;
    if (bound && pglite)
      return embeddedWithinDeadline<Row>(pglite, statement, bound, options.preparedWhenEmbedded === true);
    if (bound) return inTransaction(db, (tx) => tx.$queryRaw<Row[]>(statement));
    return db.$queryRaw<Row[]>(statement);
  }
  const dispatcherPool = options.prepared ? dispatcherPools.get(db) : undefined;
  if (dispatcherPool) return dispatcherPool.query<Row>(statement);
  if (!isRead(statement) && databaseStepBound()) return poolWithinDeadline<Row>(pool, statement);
  const result = await pool.query({ text: statement.text, values: statement.values });
  return result.rows as Row[];
}

/**
 * A plain SELECT: it changes nothing, so running it past a request's deadline stores nothing either; it keeps
 * its single round trip (and waits only for a lock taken in ACCESS EXCLUSIVE mode).
 */
const isRead = (statement: Prisma.Sql): boolean => /^\s*SELECT\b/i.test(statement.text);

/**
 * A write of a request with a deadline: the statement timeout set for it alone, so that PostgreSQL cancels
 * it, and nothing commits, once it runs past the statement timeout or the request's deadline. One round trip:
 * one simple-protocol message `SET LOCAL statement_timeout = N; <statement>`, which PostgreSQL runs as one
 * implicit transaction (committed at its end, rolled back by an error, so nothing is left open on the
 * connection; a transaction-mode pooler passes it through whole). PostgreSQL (15, the oldest this service
 * supports, and later) times each statement of such a message separately, so the statement runs under the
 * timeout its SET LOCAL gave. The simple protocol takes no parameters: the values go in as literals
 * (writeMessageOf). Before, BEGIN with the SET, the statement and COMMIT were three round trips, a fifth of
 * a create's CPU (docs/capacity.md).
 */
async function poolWithinDeadline<Row>(pool: pg.Pool, statement: Prisma.Sql): Promise<Row[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Checked once the connection is ours: waiting for it may have used up what was left.
    const bound = databaseStepBound()!;
    const message = writeMessageOf(statement);
    if (message === undefined)
      return await threeRoundTrips<Row>(client, bound, statement, (failed) => (broken = failed));
    const results = (await client.query(
      `${setLocalStatementTimeout(bound)};\n${message}`,
    )) as unknown as pg.QueryResult[];
    return results[results.length - 1]!.rows as Row[];
  } catch (error) {
    // A connection that failed mid-statement may be unusable: the pool drops it instead of lending it again.
    broken ??=
      error instanceof Error && !('code' in error) && !(error instanceof RequestDeadlineError)
        ? error
        : undefined;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * `statement` with its values as SQL literals (literalOf), or undefined when a value has none. A literal is an
 * untyped constant, as a bound parameter is, so PostgreSQL infers the same types from the statement's casts
 * and columns.
 */
function writeMessageOf(statement: Prisma.Sql): string | undefined {
  const parts: string[] = [statement.strings[0]!];
  for (let i = 0; i < statement.values.length; i++) {
    const literal = literalOf(statement.values[i]);
    if (literal === undefined) return undefined;
    parts.push(literal, statement.strings[i + 1]!);
  }
  return parts.join('');
}

/** The write in an explicit transaction, for a statement writeMessageOf cannot send as one message. */
async function threeRoundTrips<Row>(
  client: pg.PoolClient,
  bound: StepBound,
  statement: Prisma.Sql,
  onRollbackFailed: (error: Error) => void,
): Promise<Row[]> {
  await client.query(`BEGIN; ${setLocalStatementTimeout(bound)}`);
  try {
    const result = await client.query({ text: statement.text, values: statement.values });
    await client.query('COMMIT');
    return result.rows as Row[];
  } catch (error) {
    await client.query('ROLLBACK').catch(onRollbackFailed);
    throw error;
  }
}

/**
 * A write of a request with a deadline on the embedded database, in a PGlite transaction of its own: the lock
 * Prisma's transactions take too, waited for only until the deadline (as inTransaction's maxWait does), and
 * given up before the statement starts once the deadline has passed, so nothing commits after the client was
 * answered 503. Straight on PGlite rather than in Prisma's interactive transaction: the client's pipeline
 * around one raw statement (its transaction manager, parameters through JSON, its query interpreter) cost
 * more than a third of an embedded create's CPU beside the bare floor (docs/capacity.md).
 */
async function embeddedWithinDeadline<Row>(
  pglite: PGlite,
  statement: Prisma.Sql,
  bound: StepBound,
  prepared: boolean,
): Promise<Row[]> {
  // Prepared before the transaction: PREPARE waits for the same lock.
  const execute = prepared ? await executeStatementOf(pglite, statement) : undefined;
  let gaveUp = false;
  let timer: NodeJS.Timeout | undefined;
  const waitedTooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      gaveUp = true;
      reject(new RequestDeadlineError());
    }, bound.remainingMs);
  });
  const written = pglite.transaction(async (tx) => {
    // Thrown inside the transaction, it rolls back what never ran.
    if (gaveUp) throw new RequestDeadlineError();
    clearTimeout(timer);
    if (execute) return ((await tx.exec(execute))[0]?.rows ?? []) as Row[];
    return (await tx.query<Row>(statement.text, statement.values)).rows;
  });
  // Once given up, the transaction's own failure has no one waiting for it.
  written.catch(() => undefined);
  try {
    return await Promise.race([written, waitedTooLong]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The statements prepared (or being prepared) on each embedded database: PGlite has one session, so each is
 * prepared once and kept. The promise, not a flag: two statements of the same text can start at once. One
 * map per process, like the registrations above: `npm start` runs this module in two module graphs (the REST
 * door's and Next.js's bundles) over one PGlite, and a map per graph prepared each statement twice, the
 * second PREPARE failing (42P05) and with it the whole webhook flush.
 */
const embeddedPreparations = processSingleton(
  'embeddedPreparations',
  () => new WeakMap<PGlite, Map<string, Promise<void>>>(),
);

/**
 * Runs `statement` as a prepared statement of the embedded database (executeStatementOf). pglite.exec waits
 * for an open transaction, as Prisma's own queries do.
 */
async function embeddedPrepared<Row>(pglite: PGlite, statement: Prisma.Sql): Promise<Row[]> {
  const [result] = await pglite.exec(await executeStatementOf(pglite, statement));
  return (result?.rows ?? []) as Row[];
}

/**
 * The EXECUTE that runs `statement` as a prepared statement of the embedded database, prepared first if this
 * is its text's first run: PGlite's extended protocol has no named statements, so it is PREPARE once, then
 * EXECUTE with the values as literals (literalOf; EXECUTE takes no bind parameters). After five runs
 * PostgreSQL may settle on a generic plan and stop planning it at all.
 */
async function executeStatementOf(pglite: PGlite, statement: Prisma.Sql): Promise<string> {
  const name = preparedName(statement.text);
  let preparations = embeddedPreparations.get(pglite);
  if (!preparations) {
    preparations = new Map();
    embeddedPreparations.set(pglite, preparations);
  }
  let preparation = preparations.get(name);
  if (!preparation) {
    preparation = prepareEmbedded(pglite, name, statement.text);
    preparations.set(name, preparation);
    // A failed PREPARE (the database closing) is tried again by the next run.
    preparation.catch(() => preparations.delete(name));
  }
  await preparation;
  return `EXECUTE ${name}(${statement.values.map(requiredLiteral).join(', ')})`;
}

async function prepareEmbedded(pglite: PGlite, name: string, text: string): Promise<void> {
  try {
    await pglite.exec(`PREPARE ${name} AS ${text}`);
  } catch (error) {
    // Prepared already under this name, which is its text's hash: the same statement (a copy of this module
    // that the registry does not reach, e.g. a test's own import, prepared it first).
    if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
  }
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * A value of a Prisma.sql statement as an SQL literal (NULL, or a quoted string the statement casts), or
 * undefined for a value that has none here. Quoting is pg's (escapeLiteral: quotes doubled, and a backslash
 * doubled inside an E'' string, whatever standard_conforming_strings says). A NUL character cannot travel in
 * a simple-protocol message (it would end the text), so a string holding one has no literal.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  return text === undefined || text.includes('\0') ? undefined : escapeLiteral(text);
}

/** literalOf for a statement that must have literals (the embedded database's prepared ones). */
function requiredLiteral(value: unknown): string {
  const literal = literalOf(value);
  if (literal === undefined) throw new Error(`No literal for a value of type ${typeof value}`);
  return literal;
}
