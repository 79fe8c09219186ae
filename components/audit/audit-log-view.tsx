// The audit log as a server-rendered page: a filter form that submits with GET (so a filtered view is a link
// that can be shared), the entries newest first, and keyset pages ("Older entries" carries the cursor).
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Time, TimeZoneNote } from '@/components/ui/time';
import type { AuditLogEntry } from '@/server/audit/admin-router';
import { AuditTimeRange } from './audit-time-range';
import { AUDIT_ACTOR_TYPES } from '@/server/audit/audit-log';

/** The filter as it arrives in the page's query string (every value optional). */
export interface AuditQuery {
  actorType?: string;
  actorId?: string;
  action?: string;
  search?: string;
  /** datetime-local values, read in `tz`. */
  from?: string;
  to?: string;
  /** The IANA zone the form was submitted in (the Admin's); UTC without one. */
  tz?: string;
  cursor?: string;
}

const ACTOR_LABELS: Record<string, string> = {
  admin: 'Admin',
  api_key: 'API key',
  cli: 'CLI',
  system: 'System',
};

const CONTROL =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-600';

function pageHref(basePath: string, query: AuditQuery, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, cursor: cursor ?? undefined }))
    if (value) params.set(name, value);
  return params.size ? `${basePath}?${params.toString()}` : basePath;
}

export function AuditLogView({
  title,
  description,
  basePath,
  query,
  actions,
  entries,
  actorNames,
  questionnaireNames = {},
  nextCursor,
  error,
  showQuestionnaire = false,
}: {
  title: string;
  description: string;
  basePath: string;
  query: AuditQuery;
  actions: string[];
  entries: AuditLogEntry[];
  actorNames: Record<string, string>;
  questionnaireNames?: Record<string, string>;
  nextCursor: string | null;
  error: string | null;
  showQuestionnaire?: boolean;
}) {
  // Inside a questionnaire its name is the page's h1.
  const Heading = showQuestionnaire ? 'h1' : 'h2';
  const filtered = Boolean(
    query.actorType || query.actorId || query.action || query.search || query.from || query.to,
  );
  return (
    <div className="space-y-4">
      <div>
        <Heading className="text-xl font-semibold text-slate-900">{title}</Heading>
        <p className="mt-1 max-w-prose text-sm text-slate-600">{description}</p>
        <TimeZoneNote className="mt-1 block text-sm text-slate-600" />
      </div>
      <Card>
        <form
          method="get"
          action={basePath}
          role="search"
          aria-label="Filter the audit log"
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6"
        >
          <label className="space-y-1.5 text-sm font-medium text-slate-800 sm:col-span-2">
            <span className="block">Search</span>
            <input
              type="search"
              name="search"
              defaultValue={query.search}
              placeholder="Action, target or actor id"
              className={CONTROL}
              maxLength={200}
            />
          </label>
          <label className="space-y-1.5 text-sm font-medium text-slate-800">
            <span className="block">Actor</span>
            <select name="actorType" defaultValue={query.actorType ?? ''} className={CONTROL}>
              <option value="">Anyone</option>
              {AUDIT_ACTOR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACTOR_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="space-y-1.5 text-sm font-medium text-slate-800">
            <span className="block">Action</span>
            <select name="action" defaultValue={query.action ?? ''} className={CONTROL}>
              <option value="">Any action</option>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
              {query.action && !actions.includes(query.action) && (
                <option value={query.action}>{query.action}</option>
              )}
            </select>
          </label>
          <AuditTimeRange
            from={query.from}
            to={query.to}
            submittedZone={query.tz}
            controlClassName={CONTROL}
          />
          {query.actorId && <input type="hidden" name="actorId" value={query.actorId} />}
          <div className="flex items-end gap-2 lg:col-span-6">
            <button type="submit" className={buttonClasses('primary', 'md')}>
              Filter
            </button>
            {filtered && (
              <Link href={basePath} className={buttonClasses('ghost', 'md')}>
                Clear filters
              </Link>
            )}
            {query.actorId && (
              <span className="text-sm text-slate-600">
                Only entries by {actorNames[query.actorId] ?? query.actorId}
              </span>
            )}
          </div>
        </form>
      </Card>

      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? 'No entry matches' : 'No entries yet'}>
          {filtered
            ? 'Change the filters or the time range.'
            : 'Changes made by Admins, API keys and the CLI appear here.'}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <div className="relative overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    When
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Actor
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Target
                  </th>
                  {showQuestionnaire && (
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      Questionnaire
                    </th>
                  )}
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Source IP
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {entries.map((entry) => (
                  <tr key={entry.id} className="align-top">
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                      <Time value={entry.at} seconds />
                    </td>
                    <td className="px-4 py-3">
                      <span className="block text-xs uppercase tracking-wide text-slate-500">
                        {ACTOR_LABELS[entry.actorType] ?? entry.actorType}
                      </span>
                      {entry.actorId ? (
                        <Link
                          href={pageHref(
                            basePath,
                            { actorType: entry.actorType, actorId: entry.actorId },
                            null,
                          )}
                          className="text-slate-900 hover:underline"
                          title="Only this actor’s entries"
                        >
                          {actorNames[entry.actorId] ?? entry.actorId}
                        </Link>
                      ) : (
                        <span className="text-slate-500">—</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{entry.action}</code>
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {entry.targetType}
                      {entry.targetId && (
                        <span className="block break-all font-mono text-xs text-slate-500">
                          {entry.targetId}
                        </span>
                      )}
                    </td>
                    {showQuestionnaire && (
                      <td className="px-4 py-3">
                        <QuestionnaireCell id={entry.questionnaireId} names={questionnaireNames} />
                      </td>
                    )}
                    <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-600">
                      {entry.sourceIp ?? '—'}
                    </td>
                    <td className="px-4 py-3">
                      {entry.details && Object.keys(entry.details as object).length ? (
                        // overflow-wrap:anywhere, unlike break-words, narrows the cell itself: a long URL
                        // or id breaks inside the card instead of running out of it.
                        <pre className="max-w-xs whitespace-pre-wrap text-xs text-slate-600 [overflow-wrap:anywhere]">
                          {JSON.stringify(entry.details, null, 1)}
                        </pre>
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <nav aria-label="Audit log pages" className="flex items-center gap-2">
        {query.cursor && (
          <Link
            href={pageHref(basePath, { ...query, cursor: undefined }, null)}
            className={buttonClasses('secondary', 'sm')}
          >
            Newest entries
          </Link>
        )}
        {nextCursor && (
          <Link href={pageHref(basePath, query, nextCursor)} className={buttonClasses('secondary', 'sm')}>
            Older entries
          </Link>
        )}
      </nav>
    </div>
  );
}

/** The questionnaire an entry is about, by name (to its own log), or its id once it has been deleted. */
function QuestionnaireCell({ id, names }: { id: string | null; names: Record<string, string> }) {
  if (!id) return <span className="text-slate-500">—</span>;
  const name = names[id];
  if (name === undefined)
    return (
      <span
        className="block break-all font-mono text-xs text-slate-500"
        title="A questionnaire since deleted"
      >
        {id}
      </span>
    );
  return (
    <Link
      href={`/admin/questionnaires/${id}/audit`}
      title={id}
      className="text-slate-900 [overflow-wrap:anywhere] hover:underline"
    >
      {name}
    </Link>
  );
}
