// GET/POST /api/cron/flush-webhooks: a scheduler outside the server (Vercel Cron, Kubernetes CronJob,
// crontab + curl) flushes due deliveries and gets the counts back.
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { flushWebhooks, type FlushOptions } from '@/server/webhooks/dispatcher';
import { checkBearer, failureResponse } from './machine-door';
import { observeRequests } from '@/server/platform/observability/observe-request';

export interface FlushEndpointOptions {
  db: () => PrismaClient;
  /** CRON_SECRET; unset switches the endpoint off. */
  secret: () => string | undefined;
  flushOptions?: () => FlushOptions;
}

export function createFlushHandler(options: FlushEndpointOptions): (req: Request) => Promise<Response> {
  return observeRequests('/api/cron/flush-webhooks', async (req) => {
    try {
      const denied = checkBearer(req, options.secret(), 'CRON_SECRET');
      if (denied) return denied;
      const counts = await flushWebhooks(options.db(), options.flushOptions?.());
      return Response.json(counts, { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      return failureResponse('flush-webhooks', error);
    }
  });
}
