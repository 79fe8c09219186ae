import { AuditLogView } from '@/components/audit/audit-log-view';
import { loadAuditLog, readAuditQuery } from '@/components/audit/load-audit-log';
import { pageRefusal } from '@/server/doors/admin/caller-refusals';
import { api } from '@/server/doors/admin/server-caller';
import { requireAdmin } from '@/server/admins/session';

export const metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

/** Every entry, across tenants: platform operators only (others see their questionnaires' logs). */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin();
  const query = readAuditQuery(await searchParams);
  // The procedures refuse anyone but platform operators: "not found" for them, as for any other page.
  const data = await loadAuditLog(api, undefined, query).catch(pageRefusal);
  return (
    <AuditLogView
      title="Audit log"
      description="Every change across all tenants: tenants, questionnaires, Admins and grants, API keys, participants, call-blocking, webhooks and results, by whom, when and from where. Entries cannot be changed or deleted."
      basePath="/admin/audit"
      query={query}
      showQuestionnaire
      {...data}
    />
  );
}
