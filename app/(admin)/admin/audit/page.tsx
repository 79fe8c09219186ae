import { notFound } from 'next/navigation';
import { AuditLogView } from '@/components/audit/audit-log-view';
import { loadAuditLog, readAuditQuery } from '@/components/audit/load-audit-log';
import { requireAdmin } from '@/server/auth/session';
import { getPrisma } from '@/server/db';

export const metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

/** Every entry, across tenants: platform operators only (others see their questionnaires' logs). */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const admin = await requireAdmin();
  if (!admin.isOperator) notFound();
  const query = readAuditQuery(await searchParams);
  const data = await loadAuditLog(getPrisma(), undefined, query);
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
