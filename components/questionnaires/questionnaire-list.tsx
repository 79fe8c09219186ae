'use client';
// The Admin's questionnaires: found by name, narrowed to a tenant, to sandbox or live ones, or to the archived
// ones, 24 cards a page (server/questionnaires/search.ts does the finding). The search and the filters live in
// the address, so a filtered list can be shared and survives a reload; changing them goes through the
// browser's history API, which Next.js follows without a server round trip.
import Link from 'next/link';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { countOf } from '@/components/ui/format';
import { Pager } from '@/components/ui/pager';
import { Time } from '@/components/ui/time';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { useListAddress, useSearchAsYouType } from '@/components/ui/use-list-address';
import { QUESTIONNAIRE_KINDS as KINDS, readQuestionnaireSearch } from './questionnaire-search';
import { SandboxBadge } from './sandbox-badge';

export function QuestionnaireList({ isOperator }: { isOperator: boolean }) {
  const trpc = useTRPC();
  const { params, setParams } = useListAddress(['page']);
  const wanted = readQuestionnaireSearch(new URLSearchParams(params.toString()));
  const searchBox = useSearchAsYouType(wanted.search, (q) => setParams({ q }), 300);

  const list = useQuery({
    ...trpc.questionnaire.search.queryOptions(wanted),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(wanted.search || wanted.tenantId || wanted.kind !== 'all');
  const tenants = list.data?.tenants ?? [];

  return (
    <>
      <PageHeader
        title="Questionnaires"
        description={
          isOperator
            ? 'Every questionnaire of every tenant. Open one to manage its API keys, participants, call-blocking and webhook.'
            : 'The questionnaires you manage. Open one to manage its API keys, participants, call-blocking and webhook.'
        }
        actions={isOperator && <ButtonLink href="/admin/questionnaires/new">New questionnaire</ButtonLink>}
      />
      <Card className="mb-4">
        <form
          role="search"
          aria-label="Find questionnaires"
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
          onSubmit={(e) => {
            e.preventDefault();
            searchBox.submit();
          }}
        >
          <TextField
            label="Search by name"
            type="search"
            value={searchBox.text}
            onChange={(e) => searchBox.type(e.target.value)}
            placeholder="Part of the name, any letter case"
            maxLength={200}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <SelectField
            label="Tenant"
            value={wanted.tenantId ?? ''}
            onChange={(e) => setParams({ tenant: e.target.value })}
          >
            <option value="">All tenants</option>
            {tenants.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
            {wanted.tenantId && !tenants.some((t) => t.id === wanted.tenantId) && (
              <option value={wanted.tenantId}>A tenant with none of these questionnaires</option>
            )}
          </SelectField>
          <SelectField
            label="Live or sandbox"
            value={wanted.kind}
            onChange={(e) => setParams({ kind: e.target.value === 'all' ? '' : e.target.value })}
          >
            {KINDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={wanted.archived ? 'archived' : 'active'}
            onChange={(e) => setParams({ archived: e.target.value === 'archived' ? '1' : '' })}
          >
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </SelectField>
          {filtered && (
            <div className="flex items-end lg:col-span-5">
              <Button
                variant="ghost"
                onClick={() => {
                  searchBox.clear();
                  setParams({ q: '', tenant: '', kind: '' });
                }}
              >
                Clear filters
              </Button>
            </div>
          )}
        </form>
      </Card>

      <p role="status" data-testid="questionnaire-count" className="mb-3 text-sm text-slate-600">
        {list.data
          ? `${countOf(list.data.total, wanted.archived ? 'archived questionnaire' : 'questionnaire')}${filtered ? (list.data.total === 1 ? ' matches' : ' match') : ''}`
          : ''}
      </p>

      {list.isPending ? (
        <SkeletonRows label="Loading questionnaires" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No questionnaire matches">Change the search or the filters.</EmptyState>
        ) : wanted.archived ? (
          <EmptyState title="No archived questionnaires">
            Archived questionnaires appear here; open one to restore it from its settings.
          </EmptyState>
        ) : (
          <EmptyState
            title="No questionnaires yet"
            action={
              isOperator && (
                <ButtonLink href="/admin/questionnaires/new">Create the first questionnaire</ButtonLink>
              )
            }
          >
            {isOperator
              ? 'Create a questionnaire for a tenant, then create its first API key.'
              : 'No questionnaire has been shared with you yet. Ask a platform operator for access.'}
          </EmptyState>
        )
      ) : (
        <>
          <ul
            aria-label="Questionnaires"
            className={`grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {list.data.items.map((q) => (
              <li key={q.id}>
                <Link
                  href={`/admin/questionnaires/${q.id}`}
                  className="block h-full rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="flex items-center gap-2">
                    <span className="truncate font-semibold text-slate-900">{q.name}</span>
                    <SandboxBadge sandbox={q.sandbox} />
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-slate-500">{q.tenantName}</span>
                  <span className="mt-3 block text-xs text-slate-500">
                    {q.languages.join(', ')} · created <Time value={q.createdAt} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            label="Questionnaire pages"
            page={list.data.page}
            pageCount={list.data.pageCount}
            onPage={(page) => setParams({ page: page > 1 ? String(page) : '' }, 'push')}
          />
        </>
      )}
    </>
  );
}
