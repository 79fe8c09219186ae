'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage, fieldErrorsOf } from '@/components/ui/errors';
import { TextField } from '@/components/ui/field';
import { Time } from '@/components/ui/time';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { RemoveButton } from '@/components/ui/remove-button';
import { SkeletonRows } from '@/components/ui/spinner';

export function TenantsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const tenants = useQuery(trpc.tenant.list.queryOptions({ archived: showArchived }));
  const refresh = () => queryClient.invalidateQueries(trpc.tenant.list.pathFilter());
  const remove = useFormMutation(
    trpc.tenant.remove.mutationOptions({
      onSuccess: async ({ removal }) => {
        toast.success(removal === 'delete' ? 'Tenant deleted' : 'Tenant archived');
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const restore = useFormMutation(
    trpc.tenant.restore.mutationOptions({
      onSuccess: async () => {
        toast.success('Tenant restored');
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const [name, setName] = useState('');
  const create = useFormMutation(
    trpc.tenant.create.mutationOptions({
      onSuccess: async (tenant) => {
        toast.success(`Tenant “${tenant.name}” created`);
        setName('');
        await queryClient.invalidateQueries(trpc.tenant.list.queryFilter());
      },
      onError: (error) => {
        if (!fieldErrorsOf(error).name) toast.error(errorMessage(error));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    create.submit({ name });
  }
  return (
    <>
      <PageHeader title="Tenants" description="Customer organisations. Each owns its questionnaires." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="New tenant" className="lg:col-span-1">
          <form onSubmit={submit} noValidate className="space-y-3" aria-label="New tenant">
            <TextField
              label="Tenant name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={fieldErrorsOf(create.error).name}
              autoComplete="off"
            />
            <Button type="submit" loading={create.busy}>
              Create tenant
            </Button>
          </form>
        </Card>
        <Card
          title={showArchived ? 'Archived tenants' : 'All tenants'}
          className="lg:col-span-2"
          actions={
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setShowArchived(!showArchived)}
              aria-pressed={showArchived}
            >
              {showArchived ? 'Show live tenants' : 'Show archived'}
            </Button>
          }
        >
          {tenants.isPending ? (
            <SkeletonRows rows={3} label="Loading tenants" />
          ) : tenants.isError ? (
            <QueryError error={tenants.error} onRetry={() => void tenants.refetch()} />
          ) : tenants.data.length === 0 ? (
            showArchived ? (
              <EmptyState title="No archived tenants">
                Archived tenants appear here, ready to be restored.
              </EmptyState>
            ) : (
              <EmptyState title="No tenants yet">
                Create the first tenant, then its questionnaires.
              </EmptyState>
            )
          ) : (
            <ul aria-label="Tenants" className="divide-y divide-slate-100">
              {tenants.data.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{t.name}</p>
                    <p className="text-xs text-slate-500">
                      {t.questionnaireCount} questionnaire{t.questionnaireCount === 1 ? '' : 's'} · created{' '}
                      <Time value={t.createdAt} />
                    </p>
                  </div>
                  <span className="flex items-center gap-2">
                    <code className="hidden text-xs text-slate-500 sm:inline">{t.id}</code>
                    <CopyButton value={t.id} label={`Copy tenant id of ${t.name}`} />
                    {showArchived ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={restore.busy && restore.variables?.tenantId === t.id}
                        onClick={() => restore.submit({ tenantId: t.id })}
                        aria-label={`Restore tenant ${t.name}`}
                      >
                        Restore
                      </Button>
                    ) : (
                      t.removal && (
                        <RemoveButton
                          size="sm"
                          removal={t.removal}
                          what="tenant"
                          name={t.name}
                          archiveMeans="It has questionnaires, so it is archived: it and its questionnaires leave the lists and their API keys are refused (401 Invalid API key). All data is kept; restore it under “Show archived”."
                          busy={remove.busy}
                          onConfirm={() => remove.submit({ tenantId: t.id })}
                        />
                      )
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
