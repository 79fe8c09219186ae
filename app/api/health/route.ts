import { getPrisma } from '@/server/db';
import { databaseAnswers } from '@/server/services/health';
import { observeRequests } from '@/server/observability/observe-request';

export const dynamic = 'force-dynamic';

export const GET = observeRequests('/api/health', async (): Promise<Response> =>
  (await databaseAnswers(getPrisma))
    ? Response.json({ status: 'ok', database: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
    : Response.json(
        { status: 'error', database: 'unreachable' },
        { status: 503, headers: { 'Cache-Control': 'no-store' } },
      ),
);
