import { notFound } from 'next/navigation';
import { AuditLogView } from '@/components/audit/audit-log-view';
import { loadAuditLog, readAuditQuery } from '@/components/audit/load-audit-log';
import { requireAdmin } from '@/server/auth/session';
import { getPrisma } from '@/server/db';
import { isAppError } from '@/server/lib/errors';
import { requireQuestionnaireAccess } from '@/server/services/admin-access';

export const metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  // Checked here too, not only in the layout: a page's data must never depend on a layout having run.
  const admin = await requireAdmin();
  const questionnaire = await requireQuestionnaireAccess(getPrisma(), admin, id).catch((error: unknown) => {
    if (isAppError(error) && error.kind === 'NOT_FOUND') notFound();
    throw error;
  });
  const query = readAuditQuery(await searchParams);
  const data = await loadAuditLog(getPrisma(), questionnaire.id, query);
  return (
    <AuditLogView
      title="Audit log"
      description="Every change to this questionnaire, its participants, API keys, call-blocking and webhook, by whom (Admin, API key or CLI), when and from where. Entries cannot be changed or deleted."
      basePath={`/admin/questionnaires/${questionnaire.id}/audit`}
      query={query}
      {...data}
    />
  );
}
