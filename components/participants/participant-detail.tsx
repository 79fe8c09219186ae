'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Time } from '@/components/ui/time';
import { DeliveryStatusBadge } from '@/components/webhooks/delivery-status-badge';
import { eventLabel } from '@/components/webhooks/delivery-text';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { PublishResultForm } from '@/components/webhooks/publish-result-form';
import { AllowedBadge, ResultStatusBadge } from './participant-badges';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900 sm:col-span-2 sm:mt-0">{children ?? '—'}</dd>
    </div>
  );
}

function Table({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={caption} className="relative -mx-4 sm:-mx-5">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-4 py-2 font-medium sm:px-5">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const cell = 'px-4 py-2.5 sm:px-5';

/** The per-question ratings of a result, as a table. */
function QuestionRatings({
  ratings,
}: {
  ratings: { sequence: string; risk_level: string; text?: string | null }[];
}) {
  if (!ratings.length) return <p className="mt-2 text-slate-500">No question ratings.</p>;
  return (
    <Table caption="Question ratings" headers={['#', 'Risk level', 'Question']}>
      {ratings.map((r, i) => (
        <tr key={`${r.sequence}-${i}`}>
          <td className={cell}>{r.sequence}</td>
          <td className={`${cell} whitespace-nowrap font-medium`}>{r.risk_level}</td>
          <td className={`${cell} break-words`}>{r.text ?? ''}</td>
        </tr>
      ))}
    </Table>
  );
}

export function ParticipantDetail({
  questionnaireId,
  participantId,
}: {
  questionnaireId: string;
  participantId: string;
}) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.participant.get.queryOptions({ questionnaireId, participantId }));
  const back = (
    <Link
      href={`/admin/questionnaires/${questionnaireId}/participants`}
      className="text-sm text-brand-700 hover:underline"
    >
      ← All participants
    </Link>
  );
  if (detail.isPending) return <SkeletonRows label="Loading participant" />;
  if (detail.isError)
    return (
      <div className="space-y-4">
        {back}
        <QueryError error={detail.error} />
      </div>
    );
  const p = detail.data;
  const erased = p.erasedAt !== null;
  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="break-all text-xl font-semibold text-slate-900">
          {erased ? 'Erased participant' : `Participant ${p.irn}`}
        </h2>
        <AllowedBadge isAllowed={p.isAllowed} reason={p.disallowedReason} erased={erased} />
      </div>

      <Card title="Record">
        <dl className="divide-y divide-slate-100">
          <Field label="Participant id">
            <span className="inline-flex items-center gap-2">
              <code className="text-xs">{p.id}</code>
              <CopyButton value={p.id} label="Copy participant id" />
            </span>
          </Field>
          <Field label="IRN">{erased ? 'Erased' : p.irn}</Field>
          <Field label="Email">{p.email}</Field>
          <Field label="Phone number 1">{p.phoneNumber1}</Field>
          <Field label="Phone number 2">{p.phoneNumber2}</Field>
          <Field label="External reference">{p.externalRefId}</Field>
          <Field label="Language">{p.language}</Field>
          <Field label="Outcome">
            {p.outcome ? (
              <>
                {p.outcome} (<Time value={p.outcomeTs} />)
              </>
            ) : (
              'None yet'
            )}
          </Field>
          <Field label="Created">
            <Time value={p.createdAt} />
          </Field>
          {erased && (
            <Field label="Personal data erased">
              <Time value={p.erasedAt} />
            </Field>
          )}
        </dl>
      </Card>

      <Card
        title="Attempts"
        description="Each retake gets a new access code and guide link; only the newest works."
      >
        <Table
          caption="Attempts"
          headers={['#', 'Access code', 'Guide link', 'Created', 'Started', 'Completed']}
        >
          {p.attempts.map((a) => (
            <tr key={a.id}>
              <td className={cell}>
                {a.number} {a.current && <Badge tone="blue">Current</Badge>}
              </td>
              <td className={`${cell} font-mono`}>{a.accessCode ?? '—'}</td>
              <td className={cell}>
                {a.guideLink ? (
                  <a
                    href={a.guideLink}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 hover:underline"
                  >
                    Open guide
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <Time value={a.createdAt} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <Time value={a.startedAt} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                <Time value={a.completedAt} />
              </td>
            </tr>
          ))}
        </Table>
      </Card>

      <Card title="Outcome history">
        {p.outcomes.length === 0 ? (
          <EmptyState title="No outcome recorded yet">
            Outcomes arrive through <code>PUT /v1/participant/{'{participant_id}'}</code>.
          </EmptyState>
        ) : (
          <Table caption="Outcome history" headers={['Outcome', 'Outcome time', 'Recorded', 'By']}>
            {p.outcomes.map((o) => (
              <tr key={o.id}>
                <td className={`${cell} font-medium`}>{o.outcome}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <Time value={o.outcomeTs} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <Time value={o.recordedAt} />
                </td>
                <td className={cell}>{o.byApiKey ? 'API key' : 'Admin / system'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <Card title="Results">
        {p.results.length === 0 ? (
          <EmptyState title="No result yet">
            Results appear when the assessment engine publishes them.
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {p.results.map((r) => (
              <li key={r.id} className="rounded-md p-3 ring-1 ring-slate-200">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="text-sm font-medium">Attempt {r.attemptNumber}</span>
                  <ResultStatusBadge status={r.status} />
                  {r.summary && (
                    <span
                      className="max-w-full rounded px-2 py-0.5 text-xs font-semibold text-white [overflow-wrap:anywhere]"
                      style={{ backgroundColor: r.summaryBgcolor ?? '#6c757d' }}
                    >
                      {r.summary}
                    </span>
                  )}
                  <span className="text-xs text-slate-500">
                    Overall {r.overallEvaluation} · updated <Time value={r.updatedAt} /> ·{' '}
                    {r.revisions.length} revision{r.revisions.length === 1 ? '' : 's'}
                  </span>
                </div>
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-brand-700">Question ratings</summary>
                  <QuestionRatings ratings={r.questionsRiskRating} />
                </details>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card
        title="Webhook deliveries"
        description="Result events sent to the questionnaire's webhook about this participant."
      >
        {p.deliveries.length === 0 ? (
          <EmptyState title="No deliveries yet" />
        ) : (
          <Table
            caption="Webhook deliveries"
            headers={['Status', 'Event', 'Message id', 'Attempts', 'Last response', 'Created', 'Delivered']}
          >
            {p.deliveries.map((d) => (
              <tr key={d.id}>
                <td className={cell}>
                  <DeliveryStatusBadge status={d.status} retrying={!!d.lastError} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>{eventLabel(d.eventType)}</td>
                <td className={`${cell} font-mono text-xs`}>{d.messageId}</td>
                <td className={cell}>{d.attemptCount}</td>
                <td className={`${cell} max-w-[16rem] truncate`} title={d.lastError ?? undefined}>
                  {d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <Time value={d.createdAt} seconds />
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <Time value={d.deliveredAt} seconds />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      {!erased && <PublishResultForm questionnaireId={questionnaireId} participantId={participantId} />}
    </div>
  );
}
