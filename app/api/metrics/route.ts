import { env } from '@/server/platform/env';
import { getPrisma } from '@/server/platform/db';
import { createMetricsHandler } from '@/server/doors/metrics-endpoint';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = createMetricsHandler({ db: getPrisma, token: () => env.METRICS_TOKEN });
