// What one HTTP request carries through its async calls, in one AsyncLocalStorage: its context (its id and
// route for every log line, its span: observability/request-context.ts) and its database deadline
// (db/request-deadline.ts). One storage for both, not one each: on Node.js 20 every promise the process makes
// runs a hook for every AsyncLocalStorage in use, copying that storage's value onto it, and `npm start` has
// Next.js's six in use besides ours (docs/capacity.md). Node.js 24 keeps the context per async frame instead
// and pays nothing per promise.
//
// A scope is an immutable frame: a nested scope (a request's deadline, a long poll's renewed one, the step
// that runs outside it) is a new frame with its own part changed and the other part carried over as it is.
// The request's context object itself is shared by every frame of the request, so what is learnt about the
// request inside (annotateRequest: its route, its key) reaches its access line.
import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '@/server/platform/process-registry';
import type { RequestContext } from '@/server/platform/observability/request-context';
import type { RequestDeadline } from '@/server/platform/db/request-deadline';

export interface RequestScope {
  readonly context?: RequestContext;
  readonly deadline?: RequestDeadline;
}

// One per process: the REST door's module graph and Next.js's bundles must see the same request's scope.
const storage = processSingleton('requestScope', () => new AsyncLocalStorage<RequestScope>());

/** The current request's scope, or undefined outside one (background work, the CLI). */
export const currentRequestScope = (): RequestScope | undefined => storage.getStore();

/** Runs `fn` in a new scope: the parts `part` names replaced (one given as undefined is cleared), the rest kept. */
export function withinRequestScope<T>(part: RequestScope, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...part }, fn);
}
