import { env } from '@/server/env';
import { getPrisma } from '@/server/db';
import { createResultIngestionHandler } from '@/server/doors/result-ingestion';

export const dynamic = 'force-dynamic';

export const POST = createResultIngestionHandler({
  db: getPrisma,
  token: () => env.INTERNAL_API_TOKEN,
});
