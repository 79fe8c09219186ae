// A request's write on the pg pool (PostgreSQL), bounded by the request's deadline in one round trip, and
// prepared on its connection when the caller says its text repeats and nothing pools the connection.
import type pg from 'pg';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { logger } from '@/server/platform/observability/logger';
import { processSingleton } from '@/server/platform/process-registry';
import { isPooledSessionError, preparedName, prepareStatement } from './prepared-statement';
import {
  databaseStepBound,
  RequestDeadlineError,
  setLocalStatementTimeout,
  type StepBound,
} from './request-deadline';
import { literalsOf, withLiterals } from './sql-literal';

/**
 * Pools whose prepared write met a transaction pooler (a statement prepared on one server connection and
 * missing on the next): their writes go unprepared from then on. One set per process, like the pools'
 * registry (direct-statement.ts).
 */
const pooledPools = processSingleton('pooledWritePools', () => new WeakSet<pg.Pool>());
/** The statements prepared on each connection: a server session of its own when nothing pools it. */
const preparedOnConnection = processSingleton(
  'preparedWrites',
  () => new WeakMap<pg.ClientBase, Set<string>>(),
);

/** False once a transaction pooler made `pool`'s prepared writes go unprepared (the metrics' gauge). */
export const requestWritesPrepared = (pool: pg.Pool): boolean => !pooledPools.has(pool);

/**
 * A write of a request with a deadline: the statement timeout set for it alone, so that PostgreSQL cancels
 * it, and nothing commits, once it runs past the statement timeout or the request's deadline. One round trip:
 * one simple-protocol message `SET LOCAL statement_timeout = N; <statement>`, which PostgreSQL runs as one
 * implicit transaction (committed at its end, rolled back by an error, so nothing is left open on the
 * connection; a transaction-mode pooler passes it through whole). PostgreSQL (15, the oldest this service
 * supports, and later) times each statement of such a message separately, so the statement runs under the
 * timeout its SET LOCAL gave. The simple protocol takes no parameters: the values go in as literals
 * (sql-literal.ts). Before, BEGIN with the SET, the statement and COMMIT were three round trips, a fifth of
 * a create's CPU (docs/capacity.md).
 *
 * `prepared` (a text that is one of a few, the create's): the statement is prepared once per connection and
 * the message says `EXECUTE name(literals)`: PostgreSQL then neither parses nor plans it again, which for the
 * create's CTE was a third of its time in PostgreSQL. Behind a transaction-mode pooler a connection's next
 * transaction may reach another server session, where the statement is missing (26000, and nothing ran): the
 * write then runs unprepared, and so does every later one of this pool.
 */
export async function writeWithinDeadline<Row>(
  pool: pg.Pool,
  statement: Prisma.Sql,
  options: { prepared: boolean },
): Promise<Row[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Checked once the connection is ours: waiting for it may have used up what was left.
    const bound = databaseStepBound()!;
    const literals = literalsOf(statement);
    if (literals === undefined)
      return await threeRoundTrips<Row>(client, bound, statement, (failed) => (broken = failed));
    if (options.prepared && !pooledPools.has(pool)) {
      try {
        const name = await preparedOn(client, statement.text);
        return await oneMessage<Row>(client, bound, `EXECUTE ${name}(${literals.join(', ')})`);
      } catch (error) {
        if (!isPooledSessionError(error)) throw error;
        if (!pooledPools.has(pool)) logger.info(POOLED_MESSAGE);
        pooledPools.add(pool);
      }
    }
    return await oneMessage<Row>(client, databaseStepBound()!, withLiterals(statement, literals));
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

async function oneMessage<Row>(client: pg.PoolClient, bound: StepBound, statement: string): Promise<Row[]> {
  const results = (await client.query(
    `${setLocalStatementTimeout(bound)};\n${statement}`,
  )) as unknown as pg.QueryResult[];
  return results[results.length - 1]!.rows as Row[];
}

/**
 * The name of `text` prepared on `client`'s session, prepared now if this is its first run there. A PREPARE
 * is its own message: it outlives a failing transaction, so sent with the write, an error would leave it
 * unknown whether it ran.
 */
async function preparedOn(client: pg.PoolClient, text: string): Promise<string> {
  const name = preparedName(text);
  let prepared = preparedOnConnection.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOnConnection.set(client, prepared);
  }
  if (!prepared.has(name)) {
    await prepareStatement((sql) => client.query(sql), name, text);
    prepared.add(name);
  }
  return name;
}

/** Said once per pool, so that an operator can tell why the create got slower (expected behind PgBouncer). */
export const POOLED_MESSAGE =
  'request writes go unprepared from now on: a transaction pooler (e.g. PgBouncer in transaction mode) moved a connection to another server session';

/** The write in an explicit transaction, for a statement whose values cannot all be literals. */
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
