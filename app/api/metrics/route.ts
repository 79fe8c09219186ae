import { env } from '@/server/env';
import { getPrisma } from '@/server/db';
import { createMetricsHandler } from '@/server/doors/metrics-endpoint';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = createMetricsHandler({ db: getPrisma, token: () => env.METRICS_TOKEN });
