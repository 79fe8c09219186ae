// Next.js calls register() once when a server starts. This file is compiled for the edge runtime too, so
// Node-only code is imported only on the Node.js runtime.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startBuiltInWebhookScheduler } = await import('@/server/webhooks/built-in-scheduler');
  // Behind a transaction pooler the dispatcher's LISTEN would hear nothing: refuse rather than run on the slow
  // poll while looking woken at each commit.
  const { refuseTransactionPoolerForListen } = await import('@/server/platform/db/transaction-pooler');
  await refuseTransactionPoolerForListen();
  startBuiltInWebhookScheduler();
  // CSV imports left running by a server that stopped are finished by whichever instance sweeps first.
  const { startImportSweeper } = await import('@/server/imports/background');
  const { getPrisma: prisma } = await import('@/server/platform/db');
  startImportSweeper(prisma);
  // Each API key's request log: gathered per request, written a batch a second (off the request path).
  const { startKeyRequestLog } = await import('@/server/api-keys/request-log');
  const keyRequestLog = startKeyRequestLog(prisma);
  const { onShutdown } = await import('@/server/platform/lifecycle/state');
  onShutdown('API key request log', keyRequestLog.stop);
  const { startDataPruning } = await import('@/server/data-lifecycle/scheduler');
  startDataPruning(prisma);
  const { env } = await import('@/server/platform/env');
  if (env.DATABASE_URL.startsWith('pglite:')) {
    // The embedded database has no autovacuum of its own (see server/platform/db/embedded-vacuum.ts).
    const { startEmbeddedVacuum } = await import('@/server/platform/db/embedded-vacuum');
    const { getPrisma } = await import('@/server/platform/db');
    const { failureFields, logger } = await import('@/server/platform/observability/logger');
    const vacuum = startEmbeddedVacuum({
      db: getPrisma,
      onError: (error) => logger.error(failureFields(error), 'embedded database vacuum failed'),
    });
    onShutdown('embedded vacuum', () => Promise.resolve(vacuum.stop()));
  }
}
