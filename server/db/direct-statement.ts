// The hot raw statements (a participant's creation, an import chunk) go to PostgreSQL through the pg pool of
// Prisma's own driver adapter, not through Prisma's client. For a raw statement the client's request pipeline
// (its parameters serialised to JSON and parsed back, its debug and tracing hooks, its query interpreter) cost a
// fifth of the server's CPU per creation (`npm run bench:profile`), more than all of tRPC. Same pool, same
// connections, same statement, same results: pg parses the columns these statements return (uuid[], text[],
// integers) as Prisma does.
//
// Only the client itself is registered: inside a transaction (`tx`) the statement runs through Prisma on the
// transaction's connection. The embedded database keeps Prisma's path: PGlite has one connection, which
// Prisma's adapter shares out between transactions.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { processSingleton } from '@/server/process-registry';
import type { Db } from './client';

// One per process: the client may have been opened by the REST door's module graph or by Next.js's bundles
// (the first request decides), and both must find its pool.
const directPools = processSingleton('directPools', () => new WeakMap<object, pg.Pool>());

/** Lets `prisma` run queryRows statements straight on `pool` (the pool its adapter uses). */
export function useDirectStatements(prisma: object, pool: pg.Pool): void {
  directPools.set(prisma, pool);
}

/** True when `prisma`'s hot raw statements go straight to its pg pool (PostgreSQL). */
export const usesDirectStatements = (prisma: object): boolean => directPools.has(prisma);

/** The rows of a raw statement whose columns are uuid, text, integer, boolean, timestamptz or arrays of them. */
export async function queryRows<Row>(
  db: Db,
  statement: Prisma.Sql,
  options: { prepared?: boolean } = {},
): Promise<Row[]> {
  const pool = directPools.get(db);
  if (!pool) return db.$queryRaw<Row[]>(statement);
  // A statement run many times a second (the webhook claim and settle) is prepared once per connection:
  // PostgreSQL then skips parsing it (and, once it settles on a generic plan, planning it) on every call.
  // The name is the text's hash, so a different text can never meet a statement prepared under its name.
  const name = options.prepared ? preparedName(statement.text) : undefined;
  const result = await pool.query({ name, text: statement.text, values: statement.values });
  return result.rows as Row[];
}

const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `pais_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}
