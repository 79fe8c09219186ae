'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Time } from '@/components/ui/time';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { SandboxBadge } from './sandbox-badge';

export function QuestionnaireList({ isOperator }: { isOperator: boolean }) {
  const trpc = useTRPC();
  const [showArchived, setShowArchived] = useState(false);
  const list = useQuery(trpc.questionnaire.list.queryOptions({ archived: showArchived }));
  return (
    <>
      <PageHeader
        title="Questionnaires"
        description={
          isOperator
            ? 'Every questionnaire of every tenant. Open one to manage its API keys, participants, call-blocking and webhook.'
            : 'The questionnaires you manage. Open one to manage its API keys, participants, call-blocking and webhook.'
        }
        actions={
          <>
            <Button
              variant="ghost"
              onClick={() => setShowArchived(!showArchived)}
              aria-pressed={showArchived}
            >
              {showArchived ? 'Show live questionnaires' : 'Show archived'}
            </Button>
            {isOperator && <ButtonLink href="/admin/questionnaires/new">New questionnaire</ButtonLink>}
          </>
        }
      />
      {list.isPending ? (
        <SkeletonRows label="Loading questionnaires" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 && showArchived ? (
        <EmptyState title="No archived questionnaires">
          Archived questionnaires appear here; open one to restore it from its settings.
        </EmptyState>
      ) : list.data.length === 0 ? (
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
      ) : (
        <ul aria-label="Questionnaires" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((q) => (
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
      )}
    </>
  );
}
