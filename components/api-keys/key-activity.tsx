'use client';
// A key's detail view: its calls per day (in the Admin's own days) with the 429s among them, and its request
// log of the last days (method, route, status, latency, request id, time), failed calls marked and
// filterable, so an Admin can debug a customer's integration without the server's logs.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/field';
import { formatNumber } from '@/components/ui/format';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { localDay, Time, timeZoneName } from '@/components/ui/time';
import { timesInZoneNote } from '@/components/ui/time-zone-name';

const FILTERS = [
  ['all', 'All calls'],
  ['failed', 'Failed (4xx and 5xx)'],
  ['succeeded', 'Succeeded'],
  ['400', '400 Bad request'],
  ['401', '401 Unauthorized'],
  ['403', '403 Forbidden'],
  ['404', '404 Not found'],
  ['409', '409 Conflict'],
  ['429', '429 Too many requests'],
  ['500', '500 Server error'],
  ['503', '503 Unavailable'],
] as const;
type FilterChoice = (typeof FILTERS)[number][0];
const toFilter = (choice: FilterChoice) =>
  choice === 'all' || choice === 'failed' || choice === 'succeeded' ? choice : Number(choice);

export function KeyActivity({
  questionnaireId,
  apiKey,
  onClose,
}: {
  questionnaireId: string;
  apiKey: { id: string; name: string };
  onClose: () => void;
}) {
  const heading = useRef<HTMLDivElement>(null);
  // Opening the detail moves focus to it, so keyboard and screen-reader users land where it appeared.
  useEffect(() => heading.current?.focus(), [apiKey.id]);
  return (
    <div ref={heading} tabIndex={-1} className="outline-none" data-testid="key-activity">
      <Card
        title={`Requests of key “${apiKey.name}”`}
        description={`The last days of calls with this key. ${timesInZoneNote(timeZoneName())}`}
        actions={
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close
          </Button>
        }
      >
        <div className="space-y-6 p-4 sm:p-5">
          <KeyUsage questionnaireId={questionnaireId} keyId={apiKey.id} />
          <KeyRequestLog questionnaireId={questionnaireId} keyId={apiKey.id} />
        </div>
      </Card>
    </div>
  );
}

function KeyUsage({ questionnaireId, keyId }: { questionnaireId: string; keyId: string }) {
  const trpc = useTRPC();
  const usage = useQuery(trpc.apiKey.usage.queryOptions({ questionnaireId, keyId }));
  if (usage.error) return <QueryError error={usage.error} onRetry={() => void usage.refetch()} />;
  if (!usage.data) return <SkeletonRows rows={2} label="Loading usage" />;
  // The stored hours added up into the Admin's own calendar days.
  const days = new Map<string, { requests: number; failed: number; rateLimited: number }>();
  for (const hour of usage.data.hours) {
    const day = localDay(hour.hour);
    const total = days.get(day) ?? { requests: 0, failed: 0, rateLimited: 0 };
    total.requests += hour.requests;
    total.failed += hour.failed;
    total.rateLimited += hour.rateLimited;
    days.set(day, total);
  }
  const rows = [...days.entries()].sort(([a], [b]) => b.localeCompare(a));
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Usage per day</h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No calls in the last {usage.data.days} days.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Usage per day">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Calls per day</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Requests
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Failed
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  429s
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {rows.map(([day, total]) => (
                <tr key={day}>
                  <td className="py-1 pr-4">{day}</td>
                  <td className="py-1 pr-4 text-right">{formatNumber(total.requests)}</td>
                  <td className="py-1 pr-4 text-right">{formatNumber(total.failed)}</td>
                  <td className="py-1 text-right">{formatNumber(total.rateLimited)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function KeyRequestLog({ questionnaireId, keyId }: { questionnaireId: string; keyId: string }) {
  const trpc = useTRPC();
  const [choice, setChoice] = useState<FilterChoice>('all');
  const log = useInfiniteQuery(
    trpc.apiKey.requestLog.infiniteQueryOptions(
      { questionnaireId, keyId, filter: toFilter(choice) },
      { getNextPageParam: (page) => page.next ?? undefined },
    ),
  );
  const requests = log.data?.pages.flatMap((page) => page.requests) ?? [];
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Request log</h3>
        <SelectField label="Show" value={choice} onChange={(e) => setChoice(e.target.value as FilterChoice)}>
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {log.error ? (
        <QueryError error={log.error} onRetry={() => void log.refetch()} />
      ) : !log.data ? (
        <SkeletonRows rows={3} label="Loading requests" />
      ) : requests.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No calls to show.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Request log">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Calls with this key, newest first</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Time
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Request
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  Latency
                </th>
                <th scope="col" className="py-1 font-medium">
                  Request id
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {requests.map((r) => (
                <tr key={r.id} className={r.status >= 400 ? 'bg-red-50/60' : undefined}>
                  <td className="py-1 pr-4 whitespace-nowrap">
                    <Time value={r.at} seconds />
                  </td>
                  <td className="py-1 pr-4">
                    <Badge tone={r.status >= 500 ? 'red' : r.status >= 400 ? 'amber' : 'green'}>
                      {r.status}
                    </Badge>
                  </td>
                  <td className="py-1 pr-4 [overflow-wrap:anywhere]">
                    <span className="font-medium">{r.method}</span> {r.route}
                  </td>
                  <td className="py-1 pr-4 text-right tabular-nums whitespace-nowrap">{r.durationMs} ms</td>
                  <td className="py-1 font-mono text-xs [overflow-wrap:anywhere]">{r.requestId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Load older calls
        </Button>
      )}
    </div>
  );
}
