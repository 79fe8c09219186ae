'use client';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { formatDateTime, formatNumber } from '@/components/ui/format';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { AllowedBadge, ResultStatusBadge } from './participant-badges';

// The same value the server uses for "has none" (participant-search.ts NONE).
const NONE = '__none__';
const PAGE_SIZE = 50;

const SEARCH_FIELDS = [
  ['any', 'Any field'],
  ['irn', 'IRN'],
  ['email', 'Email'],
  ['externalRef', 'External reference'],
  ['phone', 'Phone number'],
] as const;
const SORTS = [
  ['createdAt:desc', 'Newest first'],
  ['createdAt:asc', 'Oldest first'],
  ['irn:asc', 'IRN A–Z'],
  ['irn:desc', 'IRN Z–A'],
] as const;

type SearchField = (typeof SEARCH_FIELDS)[number][0];

function readFilter(params: URLSearchParams) {
  const field = params.get('field') ?? 'any';
  const allowed = params.get('allowed') ?? 'all';
  const sort = params.get('sort') ?? 'createdAt:desc';
  const [sortField, direction] = (SORTS.some(([v]) => v === sort) ? sort : 'createdAt:desc').split(':') as [
    'createdAt' | 'irn',
    'asc' | 'desc',
  ];
  return {
    search: params.get('q') ?? '',
    searchField: (SEARCH_FIELDS.some(([v]) => v === field) ? field : 'any') as SearchField,
    allowed: (['all', 'allowed', 'disallowed'].includes(allowed) ? allowed : 'all') as
      'all' | 'allowed' | 'disallowed',
    outcome: params.get('outcome') ?? '',
    resultStatus: params.get('result') ?? '',
    sort: sortField,
    direction,
  };
}

export function ParticipantsPage({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  const pathname = usePathname();
  const params = useSearchParams();
  const filter = readFilter(new URLSearchParams(params.toString()));
  const [searchText, setSearchText] = useState(filter.search);
  // Keyset pages: the cursor of every page up to this one, so "Previous" can go back. A new filter starts
  // again from the first page.
  const filterKey = params.toString();
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({
    key: filterKey,
    cursors: [null],
  });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const cursor = cursors.at(-1) ?? null;
  const setCursors = (update: (current: (string | null)[]) => (string | null)[]) =>
    setPaging({ key: filterKey, cursors: update(cursors) });

  // The filter lives in the address (shareable, survives reload). Changes go through the browser's
  // history API, which Next.js follows without a server round trip; `latest` holds the newest address at
  // once, so a debounced search never undoes a filter chosen meanwhile.
  const latest = useRef<string | null>(null);
  useEffect(() => {
    latest.current = params.toString();
  }, [params]);
  function setParam(changes: Record<string, string>) {
    const next = new URLSearchParams(latest.current ?? params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    latest.current = next.toString();
    window.history.replaceState(null, '', `${pathname}${next.size ? `?${next.toString()}` : ''}`);
  }

  // Search as you type, once typing pauses.
  useEffect(() => {
    if (searchText.trim() === filter.search) return;
    const timer = setTimeout(() => setParam({ q: searchText.trim() }), 350);
    return () => clearTimeout(timer);
  }, [searchText]); // only typing starts the timer

  const page = useQuery({
    ...trpc.participant.list.queryOptions({ questionnaireId, ...filter, cursor, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const count = useQuery(trpc.participant.count.queryOptions({ questionnaireId, ...filter }));
  const options = useQuery(trpc.participant.filterOptions.queryOptions({ questionnaireId }));
  const exportHref = `${pathname}.csv${params.size ? `?${params.toString()}` : ''}`;
  const filtered = Boolean(
    filter.search || filter.allowed !== 'all' || filter.outcome || filter.resultStatus,
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">Participants</h1>
        <div className="flex gap-2">
          <Link
            href={`/admin/questionnaires/${questionnaireId}/participants/import`}
            className={buttonClasses('secondary', 'sm')}
          >
            Import CSV
          </Link>
          <a href={exportHref} className={buttonClasses('secondary', 'sm')} download>
            Export CSV
          </a>
        </div>
      </div>
      <Card>
        <form
          role="search"
          aria-label="Find participants"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-7"
          onSubmit={(e) => {
            e.preventDefault();
            setParam({ q: searchText.trim() });
          }}
        >
          <TextField
            label="Search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="IRN, email, reference or phone"
            className="sm:col-span-2"
            autoComplete="off"
          />
          <SelectField
            label="Search in"
            value={filter.searchField}
            onChange={(e) => setParam({ field: e.target.value === 'any' ? '' : e.target.value })}
          >
            {SEARCH_FIELDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Allowed"
            value={filter.allowed}
            onChange={(e) => setParam({ allowed: e.target.value === 'all' ? '' : e.target.value })}
          >
            <option value="all">All</option>
            <option value="allowed">Allowed</option>
            <option value="disallowed">Not allowed</option>
          </SelectField>
          <SelectField
            label="Outcome"
            value={filter.outcome}
            onChange={(e) => setParam({ outcome: e.target.value })}
          >
            <option value="">Any outcome</option>
            <option value={NONE}>No outcome yet</option>
            {options.data?.outcomes.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
            {filter.outcome &&
              filter.outcome !== NONE &&
              !options.data?.outcomes.includes(filter.outcome) && (
                <option value={filter.outcome}>{filter.outcome}</option>
              )}
          </SelectField>
          <SelectField
            label="Result"
            value={filter.resultStatus}
            onChange={(e) => setParam({ result: e.target.value })}
          >
            <option value="">Any result</option>
            <option value={NONE}>No result yet</option>
            {options.data?.resultStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            {filter.resultStatus &&
              filter.resultStatus !== NONE &&
              !options.data?.resultStatuses.includes(filter.resultStatus) && (
                <option value={filter.resultStatus}>{filter.resultStatus}</option>
              )}
          </SelectField>
          <SelectField
            label="Sort"
            value={`${filter.sort}:${filter.direction}`}
            onChange={(e) => setParam({ sort: e.target.value === 'createdAt:desc' ? '' : e.target.value })}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          {filtered && (
            <div className="flex items-end">
              <Button
                variant="ghost"
                onClick={() => {
                  setSearchText('');
                  latest.current = '';
                  window.history.replaceState(null, '', pathname);
                }}
              >
                Clear filters
              </Button>
            </div>
          )}
        </form>
      </Card>

      <p role="status" className="text-sm text-slate-600">
        {count.data
          ? `${formatNumber(count.data.count)}${count.data.capped ? '+' : ''} participant${count.data.count === 1 ? '' : 's'}${filtered ? ' match' : ''}`
          : 'Counting…'}
      </p>

      {page.isPending ? (
        <SkeletonRows rows={8} label="Loading participants" />
      ) : page.isError ? (
        <QueryError error={page.error} onRetry={() => void page.refetch()} />
      ) : page.data.rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No participant matches">Change the search or the filters.</EmptyState>
        ) : (
          <EmptyState title="No participants yet">
            Participants appear here as soon as your system creates them with{' '}
            <code>POST /v1/participant</code>.
          </EmptyState>
        )
      ) : (
        <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <div className="overflow-x-auto">
            <table className={`min-w-full text-left text-sm ${page.isPlaceholderData ? 'opacity-60' : ''}`}>
              <caption className="sr-only">Participants</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    IRN
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Allowed
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Phone
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    External ref
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Outcome
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Result
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Attempts
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    Created
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.data.rows.map((p) => (
                  <tr key={p.id} className="hover:bg-slate-50">
                    <td className="whitespace-nowrap px-4 py-2.5 font-medium">
                      <Link
                        href={`/admin/questionnaires/${questionnaireId}/participants/${p.id}`}
                        className="text-brand-700 hover:underline"
                      >
                        {p.erased ? 'Erased participant' : p.irn}
                      </Link>
                    </td>
                    <td className="px-4 py-2.5">
                      <AllowedBadge isAllowed={p.isAllowed} reason={p.disallowedReason} erased={p.erased} />
                    </td>
                    <td className="max-w-[14rem] truncate px-4 py-2.5 text-slate-700">{p.email ?? '—'}</td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">
                      {[p.phoneNumber1, p.phoneNumber2].filter(Boolean).join(', ') || '—'}
                    </td>
                    <td className="max-w-[10rem] truncate px-4 py-2.5 text-slate-700">
                      {p.externalRefId ?? '—'}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-700">{p.outcome ?? '—'}</td>
                    <td className="px-4 py-2.5">
                      <ResultStatusBadge status={p.resultStatus} />
                    </td>
                    <td className="px-4 py-2.5 text-slate-700">{p.attempts}</td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-600">
                      {formatDateTime(p.createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Pages"
            className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm"
          >
            <span className="text-slate-500">Page {formatNumber(cursors.length)}</span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={cursors.length === 1}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Previous page
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.data.nextCursor || page.isPlaceholderData}
                onClick={() => page.data.nextCursor && setCursors((c) => [...c, page.data.nextCursor])}
              >
                Next page
              </Button>
            </div>
          </nav>
        </div>
      )}
    </div>
  );
}
