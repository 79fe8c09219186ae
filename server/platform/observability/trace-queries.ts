// A span for each statement run on a pg pool's connections (tracing on only: adapter.ts asks first). Prisma's
// adapter and the direct statements (server/platform/db/direct-statement.ts) both run through client.query.
import type pg from 'pg';
import { endSpan, startDatabaseSpan } from './tracing';

type Query = (...args: unknown[]) => unknown;

function traced(client: pg.PoolClient): void {
  const original = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const span = startDatabaseSpan(typeof first === 'string' ? first : (first?.text ?? ''));
    const result = original(...args);
    if (result instanceof Promise)
      result.then(
        () => endSpan(span),
        (error: unknown) => endSpan(span, { error }),
      );
    else endSpan(span);
    return result;
  };
}

export function traceQueries(pool: pg.Pool): void {
  pool.on('connect', traced);
}
