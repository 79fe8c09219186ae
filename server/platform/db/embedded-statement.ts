// Raw statements straight on the embedded database (PGlite), past Prisma's client: a request's write within
// its deadline, and statements prepared once per database. PGlite plans a statement in WebAssembly, and
// planning the create's and the dispatcher's CTEs cost more than running them, so those are prepared.
import type { PGlite } from '@electric-sql/pglite';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { processSingleton } from '@/server/platform/process-registry';
import { preparedName, prepareStatement } from './prepared-statement';
import { RequestDeadlineError, type StepBound } from './request-deadline';
import { requiredLiteralsOf } from './sql-literal';

/**
 * A write of a request with a deadline on the embedded database, in a PGlite transaction of its own: the lock
 * Prisma's transactions take too, waited for only until the deadline (as inTransaction's maxWait does), and
 * given up before the statement starts once the deadline has passed, so nothing commits after the client was
 * answered 503. Straight on PGlite rather than in Prisma's interactive transaction: the client's pipeline
 * around one raw statement (its transaction manager, parameters through JSON, its query interpreter) cost
 * more than a third of an embedded create's CPU beside the bare floor (docs/capacity.md).
 */
export async function embeddedWithinDeadline<Row>(
  pglite: PGlite,
  statement: Prisma.Sql,
  bound: StepBound,
  prepared: boolean,
): Promise<Row[]> {
  let gaveUp = false;
  let timer: NodeJS.Timeout | undefined;
  const waitedTooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      gaveUp = true;
      reject(new RequestDeadlineError());
    }, bound.remainingMs);
  });
  const written = (async () => {
    // Prepared before the transaction, within the same deadline: PREPARE waits for the same lock (a text's
    // first run after start-up, while an import's transaction holds the database, say). A preparation that
    // finishes after the deadline is kept for the next request.
    const execute = prepared ? await executeStatementOf(pglite, statement) : undefined;
    if (gaveUp) throw new RequestDeadlineError();
    return pglite.transaction(async (tx) => {
      // Thrown inside the transaction, it rolls back what never ran.
      if (gaveUp) throw new RequestDeadlineError();
      clearTimeout(timer);
      if (execute) return ((await tx.exec(execute))[0]?.rows ?? []) as Row[];
      return (await tx.query<Row>(statement.text, statement.values)).rows;
    });
  })();
  // Once given up, the write's own failure has no one waiting for it.
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
 * map per process, like direct-statement.ts's registrations: `npm start` runs this module in two module
 * graphs (the REST door's and Next.js's bundles) over one PGlite, and a map per graph prepared each statement
 * twice, the second PREPARE failing (42P05) and with it the whole webhook flush.
 */
const embeddedPreparations = processSingleton(
  'embeddedPreparations',
  () => new WeakMap<PGlite, Map<string, Promise<void>>>(),
);

/**
 * Runs `statement` as a prepared statement of the embedded database (executeStatementOf). pglite.exec waits
 * for an open transaction, as Prisma's own queries do.
 */
export async function embeddedPrepared<Row>(pglite: PGlite, statement: Prisma.Sql): Promise<Row[]> {
  const [result] = await pglite.exec(await executeStatementOf(pglite, statement));
  return (result?.rows ?? []) as Row[];
}

/**
 * The EXECUTE that runs `statement` as a prepared statement of the embedded database, prepared first if this
 * is its text's first run: PGlite's extended protocol has no named statements, so it is PREPARE once, then
 * EXECUTE with the values as literals (sql-literal.ts; EXECUTE takes no bind parameters). After five runs
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
    preparation = prepareStatement((sql) => pglite.exec(sql), name, statement.text);
    preparations.set(name, preparation);
    // A failed PREPARE (the database closing) is tried again by the next run.
    preparation.catch(() => preparations.delete(name));
  }
  await preparation;
  return `EXECUTE ${name}(${requiredLiteralsOf(statement).join(', ')})`;
}
