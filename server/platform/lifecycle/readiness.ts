// GET /api/ready: whether this instance should get traffic: it carries the database (and draining).
// GET /api/health is the liveness check, which stays 200 while the database is down (server/platform/lifecycle/liveness.ts).
import type { Db } from '@/server/platform/db/client';
import { databaseAnswers } from '@/server/platform/lifecycle/health';
import { isDraining } from './state';

export type Readiness =
  | { status: 200; body: { status: 'ready'; database: 'ok' } }
  | { status: 503; body: { status: 'draining' } | { status: 'unavailable'; database: 'unreachable' } };

/** 200 while the database answers and no shutdown signal came; 503 otherwise. */
export async function readiness(db: () => Db): Promise<Readiness> {
  if (isDraining()) return { status: 503, body: { status: 'draining' } };
  const reachable = await databaseAnswers(db);
  return reachable
    ? { status: 200, body: { status: 'ready', database: 'ok' } }
    : { status: 503, body: { status: 'unavailable', database: 'unreachable' } };
}
