'use client';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { formatNumber } from '@/components/ui/format';
import { QueryError } from '@/components/ui/query-error';
import { OverviewCharts } from '@/components/questionnaires/overview-charts';
import { SkeletonRows } from '@/components/ui/spinner';
import { useTimeZoneName } from '@/components/ui/time';
import { WebhookDisabledBanner } from '@/components/webhooks/webhook-disabled-banner';

function IdRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code className="truncate rounded bg-slate-100 px-2 py-1 text-xs text-slate-800">{value}</code>
        <CopyButton value={value} label={`Copy ${label}`} />
      </dd>
    </div>
  );
}

function Stat({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <a href={href} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500">
      <span className="block text-sm text-slate-500">{label}</span>
      <span className="mt-1 block text-2xl font-semibold text-slate-900">{value}</span>
    </a>
  );
}

export function QuestionnaireOverview({
  questionnaireId,
  apiBaseUrl,
  timeZoneHint = null,
}: {
  questionnaireId: string;
  apiBaseUrl: string;
  /** The zone the server fetched the charts' figures in (OverviewCharts). */
  timeZoneHint?: string | null;
}) {
  const trpc = useTRPC();
  const input = { questionnaireId };
  const questionnaire = useQuery(trpc.questionnaire.get.queryOptions(input));
  const keys = useQuery(trpc.apiKey.list.queryOptions(input));
  const participants = useQuery(trpc.participant.count.queryOptions(input));
  const blocked = useQuery(trpc.blockedNumber.list.queryOptions(input));
  // The charts' figures go in the same batch as the rest (OverviewCharts reads them from the cache): asked
  // for only once the questionnaire had loaded, they took a second round trip to the server.
  // Days are the Admin's own (the browser's zone, known once hydrated): the same query OverviewCharts makes.
  const timeZone = useTimeZoneName() ?? timeZoneHint;
  useQuery(trpc.questionnaire.stats.queryOptions(timeZone ? { questionnaireId, timeZone } : skipToken));
  const base = `/admin/questionnaires/${questionnaireId}`;

  if (questionnaire.isPending) return <SkeletonRows label="Loading questionnaire" />;
  if (questionnaire.isError)
    return <QueryError error={questionnaire.error} onRetry={() => void questionnaire.refetch()} />;
  const q = questionnaire.data;
  const hasKey = (keys.data?.length ?? 0) > 0;
  const participantCount = participants.data
    ? `${formatNumber(participants.data.count)}${participants.data.capped ? '+' : ''}`
    : '…';
  const example = `curl -X POST ${apiBaseUrl}/v1/participant \\
  -H "Authorization: <API_KEY>" \\
  -H "Content-Type: application/json" \\
  -d '{"project_uuid": "${q.id}", "interview_ref_num": "IRN-0001", "phone_number1": "+14155550100"}'`;

  return (
    <div className="space-y-6">
      <h2 className="sr-only">Overview</h2>
      <WebhookDisabledBanner questionnaireId={questionnaireId} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Stat label="Participants" value={participantCount} href={`${base}/participants`} />
        <Stat
          label="API keys"
          value={keys.data ? formatNumber(keys.data.length) : '…'}
          href={`${base}/api-keys`}
        />
        <Stat
          label="Blocked numbers"
          value={blocked.data ? formatNumber(blocked.data.length) : '…'}
          href={`${base}/blocked-numbers`}
        />
      </div>

      <OverviewCharts questionnaireId={questionnaireId} timeZoneHint={timeZoneHint} />

      <Card title="Getting started" description="From here to participants arriving through the API.">
        <ol className="space-y-4 text-sm">
          <li className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-medium text-slate-900">
                1. Create the first API key{' '}
                {hasKey ? <Badge tone="green">Done</Badge> : <Badge tone="amber">To do</Badge>}
              </p>
              <p className="text-slate-600">
                The first key can only be created here. Give it <code>apikey:write</code> to let your system
                create further keys.
              </p>
            </div>
            <ButtonLink href={`${base}/api-keys`} variant={hasKey ? 'secondary' : 'primary'} size="sm">
              {hasKey ? 'Manage keys' : 'Create a key'}
            </ButtonLink>
          </li>
          <li>
            <p className="font-medium text-slate-900">2. Create a participant through the API</p>
            {/* Focusable: on a phone the example scrolls sideways, and keyboard users must reach it (axe). */}
            <pre
              tabIndex={0}
              role="region"
              aria-label="Example request"
              className="mt-2 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100"
            >
              {example}
            </pre>
          </li>
          <li className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-medium text-slate-900">3. Watch participants arrive</p>
              <p className="text-slate-600">Search, filter and open them; export the list as CSV.</p>
            </div>
            <ButtonLink href={`${base}/participants`} variant="secondary" size="sm">
              Open participants
            </ButtonLink>
          </li>
        </ol>
      </Card>

      <Card title="Identifiers" description="What your integration needs besides the key.">
        <dl className="divide-y divide-slate-100">
          <IdRow label="Questionnaire id (project_uuid)" value={q.id} />
          <IdRow label="Tenant id" value={q.tenantId} />
          <IdRow label="API base URL" value={apiBaseUrl} />
        </dl>
      </Card>
    </div>
  );
}
