import { env } from '@/server/platform/env';
import { getPrisma } from '@/server/platform/db';
import { createResultIngestionHandler } from '@/server/doors/result-ingestion';

export const dynamic = 'force-dynamic';

export const POST = createResultIngestionHandler({
  db: getPrisma,
  token: () => env.INTERNAL_API_TOKEN,
});
