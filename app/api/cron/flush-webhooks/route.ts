import { env } from '@/server/platform/env';
import { getPrisma } from '@/server/platform/db';
import { createFlushHandler } from '@/server/doors/flush-endpoint';

export const dynamic = 'force-dynamic';
// A flush may wait on slow receivers (15 s each, several batches).
export const maxDuration = 300;

const handler = createFlushHandler({ db: getPrisma, secret: () => env.CRON_SECRET });

export const GET = handler;
export const POST = handler;
