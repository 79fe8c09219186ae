'use client';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { SkeletonRows } from '@/components/ui/spinner';

const NEW_TENANT = '__new__';

export function NewQuestionnaireForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const tenants = useQuery(trpc.tenant.list.queryOptions());
  const [tenantChoice, setTenantChoice] = useState('');
  const [tenantName, setTenantName] = useState('');
  const [name, setName] = useState('');
  const [sandbox, setSandbox] = useState(false);
  const create = useFormMutation(
    trpc.questionnaire.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries(trpc.questionnaire.list.queryFilter());
        await queryClient.invalidateQueries(trpc.tenant.list.queryFilter());
        toast.success(`Questionnaire “${created.name}” created`);
        router.push(`/admin/questionnaires/${created.id}`);
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const [clientErrors, setClientErrors] = useState<{ tenant?: string }>({});

  const choice = tenantChoice || (tenants.data?.length ? '' : NEW_TENANT);
  const errors = fieldErrorsOf(create.error);

  // One request: a new tenant is created with the questionnaire, in one transaction, so a refused
  // questionnaire never leaves a tenant behind.
  function submit(event: FormEvent) {
    event.preventDefault();
    create.reset();
    if (!choice) {
      setClientErrors({ tenant: 'Choose a tenant, or create a new one' });
      return;
    }
    setClientErrors({});
    create.submit(
      choice === NEW_TENANT
        ? { newTenantName: tenantName, name, sandbox }
        : { tenantId: choice, name, sandbox },
    );
  }

  if (tenants.isPending) return <SkeletonRows rows={3} label="Loading tenants" />;

  return (
    <Card title="New questionnaire" description="Its id is the API's project_uuid and questionnaire_id.">
      <form onSubmit={submit} noValidate className="max-w-lg space-y-4" aria-label="New questionnaire">
        <FormError message={formErrorOf(create.error)} />
        <SelectField
          label="Tenant"
          value={choice}
          onChange={(e) => setTenantChoice(e.target.value)}
          error={clientErrors.tenant ?? errors.tenantId}
          hint="The customer organisation the questionnaire belongs to."
        >
          <option value="">Choose a tenant…</option>
          {tenants.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
          <option value={NEW_TENANT}>New tenant…</option>
        </SelectField>
        {choice === NEW_TENANT && (
          <TextField
            label="New tenant name"
            value={tenantName}
            onChange={(e) => setTenantName(e.target.value)}
            error={errors.newTenantName}
            autoComplete="off"
          />
        )}
        <TextField
          label="Questionnaire name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoComplete="off"
        />
        <label className="flex cursor-pointer items-start gap-3 rounded-md p-2 ring-1 ring-slate-200 hover:bg-slate-50">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
            checked={sandbox}
            onChange={(e) => setSandbox(e.target.checked)}
          />
          <span className="text-sm">
            <span className="font-semibold text-slate-900">Sandbox questionnaire</span>
            <span className="block text-slate-500">
              For integrating: its API keys start with pais_test_ and test results can be triggered through
              the API. Cannot be changed later.
            </span>
          </span>
        </label>
        <div className="flex gap-2">
          <Button type="submit" loading={create.busy || create.isSuccess}>
            Create questionnaire
          </Button>
          <ButtonLink href="/admin" variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </Card>
  );
}
