// The Admin door's router. Each feature adds its router here.
import 'server-only';
import { createTRPCRouter } from '@/server/platform/trpc';
import { accountRouter } from '@/server/admins/account-router';
import { adminUserRouter } from '@/server/admins/admin-router';
import { apiKeyRouter } from '@/server/api-keys/admin-router';
import { auditLogRouter } from '@/server/audit/admin-router';
import { blockedNumberRouter } from '@/server/blocked-numbers/admin-router';
import { contactRetentionRouter } from '@/server/data-lifecycle/admin-router';
import { participantRouter } from '@/server/participants/admin-router';
import { participantImportRouter } from '@/server/imports/admin-router';
import { questionnaireRouter } from '@/server/questionnaires/admin-router';
import { tenantRouter } from '@/server/questionnaires/tenant-router';
import { webhookRouter } from '@/server/webhooks/admin-router';

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
