'use client';
import Link from 'next/link';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { formatNumber } from '@/components/ui/format';
import { Time } from '@/components/ui/time';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { useListAddress, useSearchAsYouType } from '@/components/ui/use-list-address';
import { AllowedBadge, ResultStatusBadge } from './participant-badges';
import {
  MAX_JUMP_PAGE,
  NONE,
  PAGE_SIZE,
  readParticipantListAddress,
  SEARCH_FIELDS,
  SORTS,
} from './participant-list-address';

export function ParticipantsPage({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  // The filter and where the reader is (cursor and page number) live in the address, so Back from a
  // participant and a reload land on the same page (participant-list-address.ts reads them).
  const { pathname, params, setParams, clearParams } = useListAddress(['cursor', 'page']);
  const { filter, pageNumber, listInput, countInput, optionsInput } = readParticipantListAddress(
    questionnaireId,
    new URLSearchParams(params.toString()),
  );
  const goToPage = (number: number, pageCursor: string | null) =>
    setParams(number <= 1 ? {} : { page: String(number), cursor: pageCursor ?? '' }, 'push');
  const sortBy = (field: 'irn' | 'createdAt') => {
    const direction =
      filter.sort === field
        ? filter.direction === 'asc'
          ? 'desc'
          : 'asc'
        : field === 'irn'
          ? 'asc'
          : 'desc';
    const value = `${field}:${direction}`;
    setParams({ sort: value === 'createdAt:desc' ? '' : value });
  };

  const searchBox = useSearchAsYouType(filter.search, (q) => setParams({ q }), 350);

  const page = useQuery({
    ...trpc.participant.list.queryOptions(listInput),
    placeholderData: keepPreviousData,
  });
  const count = useQuery(trpc.participant.count.queryOptions(countInput));
  const options = useQuery(trpc.participant.filterOptions.queryOptions(optionsInput));
  const exportHref = `${pathname}.csv${params.size ? `?${params.toString()}` : ''}`;
  const filtered = Boolean(
    filter.search || filter.allowed !== 'all' || filter.outcome || filter.resultStatus,
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">Participants</h2>
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
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-7"
          onSubmit={(e) => {
            e.preventDefault();
            searchBox.submit();
          }}
        >
          <TextField
            label="Search"
            type="search"
            value={searchBox.text}
            onChange={(e) => searchBox.type(e.target.value)}
            placeholder="IRN, email, reference or phone"
            hint="From 3 characters: matches anywhere in a field (phone: the digits). Shorter: the start of a field."
            className="sm:col-span-2"
            autoComplete="off"
          />
          <SelectField
            label="Search in"
            value={filter.searchField}
            onChange={(e) => setParams({ field: e.target.value === 'any' ? '' : e.target.value })}
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
            onChange={(e) => setParams({ allowed: e.target.value === 'all' ? '' : e.target.value })}
          >
            <option value="all">All</option>
            <option value="allowed">Allowed</option>
            <option value="disallowed">Not allowed</option>
          </SelectField>
          <SelectField
            label="Outcome"
            value={filter.outcome}
            onChange={(e) => setParams({ outcome: e.target.value })}
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
            onChange={(e) => setParams({ result: e.target.value })}
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
            onChange={(e) => setParams({ sort: e.target.value === 'createdAt:desc' ? '' : e.target.value })}
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
                  searchBox.clear();
                  clearParams();
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
          ? `${formatNumber(count.data.count)}${count.data.capped ? '+' : ''} participant${count.data.count === 1 && !count.data.capped ? '' : 's'}${filtered ? ' match' : ''}`
          : count.isError
            ? 'The number of participants could not be counted.'
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
          <div className="relative overflow-x-auto">
            <table className={`min-w-full text-left text-sm ${page.isPlaceholderData ? 'opacity-60' : ''}`}>
              <caption className="sr-only">Participants</caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <SortableHeader field="irn" label="IRN" filter={filter} onSort={sortBy} />
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Allowed
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Email
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Phone
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    External ref
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Outcome
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Result
                  </th>
                  <th scope="col" className="px-3 py-2.5 font-medium">
                    Attempts
                  </th>
                  <SortableHeader field="createdAt" label="Created" filter={filter} onSort={sortBy} />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.data.rows.map((p) => (
                  <tr key={p.id} className="hover:bg-slate-50">
                    <td className="whitespace-nowrap px-3 py-2.5 font-medium">
                      <Link
                        href={`/admin/questionnaires/${questionnaireId}/participants/${p.id}`}
                        className="text-brand-700 hover:underline"
                      >
                        {p.erased ? 'Erased participant' : p.irn}
                      </Link>
                    </td>
                    <td className="px-3 py-2.5">
                      <AllowedBadge isAllowed={p.isAllowed} reason={p.disallowedReason} erased={p.erased} />
                    </td>
                    <td className="max-w-[16rem] px-3 py-2.5 text-slate-700">
                      {p.email ? <BreakableText text={p.email} /> : '—'}
                    </td>
                    <td className="px-3 py-2.5 text-slate-700">
                      {p.phoneNumber1 || p.phoneNumber2
                        ? [p.phoneNumber1, p.phoneNumber2].filter(Boolean).map((phone) => (
                            <span key={phone} className="block whitespace-nowrap">
                              {phone}
                            </span>
                          ))
                        : '—'}
                    </td>
                    <td className="max-w-[12rem] px-3 py-2.5 text-slate-700">
                      {p.externalRefId ? <BreakableText text={p.externalRefId} /> : '—'}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2.5 text-slate-700">{p.outcome ?? '—'}</td>
                    <td className="px-3 py-2.5">
                      <ResultStatusBadge status={p.resultStatus} />
                    </td>
                    <td className="px-3 py-2.5 text-slate-700">{p.attempts}</td>
                    <td className="min-w-[7rem] px-3 py-2.5 text-slate-600">
                      <Time value={p.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav
            aria-label="Pages"
            className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm"
          >
            <span className="text-slate-500">
              Page {formatNumber(pageNumber)}
              {count.data &&
                ` of ${formatNumber(Math.max(1, Math.ceil(count.data.count / PAGE_SIZE)))}${count.data.capped ? '+' : ''}`}
            </span>
            <div className="flex flex-wrap items-center gap-2">
              <JumpToPage
                key={pageNumber}
                current={pageNumber}
                last={
                  count.data
                    ? Math.max(1, Math.min(MAX_JUMP_PAGE, Math.ceil(count.data.count / PAGE_SIZE)))
                    : 1
                }
                onJump={(n) => goToPage(n, null)}
              />
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.data.prevCursor || page.isPlaceholderData}
                onClick={() => goToPage(pageNumber - 1, page.data.prevCursor)}
              >
                Previous page
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={!page.data.nextCursor || page.isPlaceholderData}
                onClick={() => goToPage(pageNumber + 1, page.data.nextCursor)}
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

type Filter = ReturnType<typeof readParticipantListAddress>['filter'];

/** A column header that sorts by its column; a second click reverses the order. */
function SortableHeader({
  field,
  label,
  filter,
  onSort,
}: {
  field: 'irn' | 'createdAt';
  label: string;
  filter: Filter;
  onSort: (field: 'irn' | 'createdAt') => void;
}) {
  const active = filter.sort === field;
  const ascending = filter.direction === 'asc';
  return (
    <th
      scope="col"
      aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}
      className="px-3 py-2.5 font-medium"
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-800"
      >
        {label}
        <span aria-hidden>{active ? (ascending ? '▲' : '▼') : '↕'}</span>
        <span className="sr-only">
          {active
            ? `, sorted ${ascending ? 'ascending' : 'descending'}; click to reverse`
            : ', click to sort'}
        </span>
      </button>
    </th>
  );
}

/** "Go to page [n]": pages within the counted part of the list. */
function JumpToPage({
  current,
  last,
  onJump,
}: {
  current: number;
  last: number;
  onJump: (n: number) => void;
}) {
  const [value, setValue] = useState(String(current));
  if (last <= 1) return null;
  return (
    <form
      className="flex items-center gap-2"
      aria-label="Jump to a page"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number.parseInt(value, 10);
        if (Number.isFinite(n)) onJump(Math.min(last, Math.max(1, n)));
      }}
    >
      <label htmlFor="jump-to-page" className="text-slate-600">
        Go to page
      </label>
      <input
        id="jump-to-page"
        type="number"
        inputMode="numeric"
        min={1}
        max={last}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="w-20 rounded-md border-0 px-2 py-1 text-sm ring-1 ring-inset ring-slate-300"
      />
      <Button type="submit" variant="secondary" size="sm">
        Go
      </Button>
    </form>
  );
}

/**
 * An email or reference that may wrap after "@", ".", "-" and "_" (not in the middle of a word), so a long one
 * takes two lines instead of widening the table, and is still read in full.
 */
function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@._-])/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
