// A request's context and its database deadline share one AsyncLocalStorage (request-scope.ts); each scope
// still changes only its own part.
import { describe, expect, it } from 'vitest';
import {
  annotateRequest,
  currentRequestContext,
  runInRequestContext,
} from '@/server/platform/observability/request-context';
import {
  databaseStepBound,
  outsideRequestDeadline,
  withRenewedRequestDeadline,
  withRequestDeadline,
} from '@/server/platform/db/request-deadline';

const LIMITS = { deadlineMs: 60_000, statementTimeoutMs: 800 };
/** Each scope is read after a turn of the event loop: it must survive the awaits of real work. */
const afterATurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a request scope', () => {
  it('keeps the request context through its deadline and outside it, and the deadline through a new context', async () => {
    const context = { requestId: 'req-1' };
    const seen = await runInRequestContext(context, () =>
      withRequestDeadline(LIMITS, async () => {
        annotateRequest({ route: 'POST /v1/participant' });
        const inside = { id: currentRequestContext()?.requestId, bound: databaseStepBound() };
        const outside = await outsideRequestDeadline(async () => {
          await afterATurn();
          return { id: currentRequestContext()?.requestId, bound: databaseStepBound() };
        });
        const nested = await runInRequestContext({ requestId: 'req-2' }, async () => {
          await afterATurn();
          return { id: currentRequestContext()?.requestId, bound: databaseStepBound() };
        });
        const after = databaseStepBound();
        return { inside, outside, nested, after };
      }),
    );
    expect(seen.inside.id).toBe('req-1');
    expect(seen.inside.bound?.statementTimeoutMs).toBe(800);
    expect(seen.outside).toEqual({ id: 'req-1', bound: null });
    expect(seen.nested.id).toBe('req-2');
    expect(seen.nested.bound?.statementTimeoutMs).toBe(800);
    // Left again: the request's own deadline is back, and what it learnt reached its context.
    expect(seen.after?.statementTimeoutMs).toBe(800);
    expect(context).toEqual({ requestId: 'req-1', route: 'POST /v1/participant' });
    expect(currentRequestContext()).toBeUndefined();
    expect(databaseStepBound()).toBeNull();
  });

  it('renews a long poll’s deadline without losing the request context', async () => {
    const short = { deadlineMs: 1_000, statementTimeoutMs: 5_000 };
    let renewedBound: number | undefined;
    let renewedId: string | undefined;
    await runInRequestContext({ requestId: 'poll' }, () =>
      withRequestDeadline(short, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await withRenewedRequestDeadline(async () => {
          await afterATurn();
          renewedBound = databaseStepBound()?.remainingMs;
          renewedId = currentRequestContext()?.requestId;
        });
      }),
    );
    // As long from the renewal as the request had (1 s), not what was left of the first (about 0.7 s).
    expect(renewedBound).toBeGreaterThan(900);
    expect(renewedId).toBe('poll');
  });
});
