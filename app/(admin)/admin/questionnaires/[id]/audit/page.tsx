import { AuditLogView } from '@/components/audit/audit-log-view';
import { loadAuditLog, readAuditQuery } from '@/components/audit/load-audit-log';
import { pageRefusal } from '@/server/doors/admin/caller-refusals';
import { api } from '@/server/doors/admin/server-caller';
import { requireAdmin } from '@/server/admins/session';

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
  await requireAdmin();
  const query = readAuditQuery(await searchParams);
  // The procedures check the Admin's grants (not only the layout: a page's data must never depend on a
  // layout having run); a questionnaire outside them is "not found".
  const data = await loadAuditLog(api, id, query).catch(pageRefusal);
  return (
    <AuditLogView
      title="Audit log"
      description="Every change to this questionnaire, its participants, API keys, call-blocking and webhook, by whom (Admin, API key or CLI), when and from where. Entries cannot be changed or deleted."
      basePath={`/admin/questionnaires/${id}/audit`}
      query={query}
      {...data}
    />
  );
}
