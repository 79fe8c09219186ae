// The Admin door's router. Each feature adds its router here.
import 'server-only';
import { createTRPCRouter } from '@/server/api/trpc';
import { accountRouter } from '@/server/api/routers/admin/account';
import { adminUserRouter } from '@/server/api/routers/admin/admin-user';
import { apiKeyRouter } from '@/server/api/routers/admin/api-key';
import { auditLogRouter } from '@/server/api/routers/admin/audit-log';
import { blockedNumberRouter } from '@/server/api/routers/admin/blocked-number';
import { contactRetentionRouter } from '@/server/api/routers/admin/contact-retention';
import { participantRouter } from '@/server/api/routers/admin/participant';
import { participantImportRouter } from '@/server/api/routers/admin/participant-import';
import { questionnaireRouter } from '@/server/api/routers/admin/questionnaire';
import { tenantRouter } from '@/server/api/routers/admin/tenant';
import { webhookRouter } from '@/server/api/routers/admin/webhook';

export const appRouter = createTRPCRouter({
  account: accountRouter,
  adminUser: adminUserRouter,
  apiKey: apiKeyRouter,
  auditLog: auditLogRouter,
  blockedNumber: blockedNumberRouter,
  contactRetention: contactRetentionRouter,
  participant: participantRouter,
  participantImport: participantImportRouter,
  questionnaire: questionnaireRouter,
  tenant: tenantRouter,
  webhook: webhookRouter,
});

export type AppRouter = typeof appRouter;
