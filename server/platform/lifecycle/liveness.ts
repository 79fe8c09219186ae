// GET /api/health: liveness, whether the process is sound enough to keep (a platform restarts it otherwise).
// It answers 200 whenever the process answers at all: a database outage is not cured by restarting every
// instance, so the database's state is only reported in the body, and whether an instance should get traffic
// is readiness's question (GET /api/ready, server/platform/lifecycle/readiness.ts). The database is given half a
// second, well inside a liveness probe's usual 1 s timeout, so a database that does not answer never makes
// the probe itself time out.
import type { Db } from '@/server/platform/db/client';
import { databaseAnswers } from '@/server/platform/lifecycle/health';

const LIVENESS_DATABASE_TIMEOUT_MS = 500;

interface Liveness {
  status: 200;
  body: { status: 'ok'; database: 'ok' | 'unreachable' };
}

export async function liveness(db: () => Db): Promise<Liveness> {
  const reachable = await databaseAnswers(db, LIVENESS_DATABASE_TIMEOUT_MS);
  return { status: 200, body: { status: 'ok', database: reachable ? 'ok' : 'unreachable' } };
}
