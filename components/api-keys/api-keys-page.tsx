'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { CopyButton } from '@/components/ui/copy-button';
import { Time } from '@/components/ui/time';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { RowActions, rowActionsCell } from '@/components/ui/row-actions';
import { RateLimitControl } from './rate-limit-control';
import { KeyActivity } from './key-activity';

const SCOPES = [
  { value: 'participant:write', label: 'Create participants, start retakes and record outcomes' },
  { value: 'participant:read', label: 'Read participant records' },
  { value: 'participant:delete', label: "Erase a participant's personal data" },
  { value: 'apikey:write', label: 'Create and list further keys through the API' },
  { value: 'apikey:delete', label: 'Delete keys through the API' },
  { value: 'webhook:read', label: "Read the webhook's endpoint and delivery log through the API" },
  {
    value: 'webhook:write',
    label: 'Steer the webhook through the API: endpoint, retries, test events, secret rotation, recovery',
  },
] as const;
type Scope = (typeof SCOPES)[number]['value'];

interface NewKey {
  name: string;
  key: string;
}

const DAY_MS = 86_400_000;
const EXPIRY_CHOICES = [
  ['never', 'Never'],
  ['7', 'In 7 days'],
  ['30', 'In 30 days'],
  ['90', 'In 90 days'],
  ['365', 'In 1 year'],
] as const;
const OVERLAP_CHOICES = [
  ['none', 'None: the old value stops at once'],
  ['1h', '1 hour'],
  ['24h', '24 hours'],
  ['7d', '7 days'],
] as const;
type Overlap = (typeof OVERLAP_CHOICES)[number][0];

export function ApiKeysPage({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKey.list.queryOptions({ questionnaireId }));
  const [created, setCreated] = useState<NewKey | null>(null);
  // After "I have saved the key" the form comes back with focus in its first field, not at the page's top.
  const [backFromKey, setBackFromKey] = useState(false);
  // The key whose requests are shown below the table (its detail view).
  const [watched, setWatched] = useState<KeyRow | null>(null);

  return (
    <div className="space-y-6">
      <h2 className="sr-only">API keys</h2>
      {created ? (
        <NewKeyPanel
          created={created}
          onDone={() => {
            setCreated(null);
            setBackFromKey(true);
          }}
        />
      ) : (
        <CreateKeyForm
          questionnaireId={questionnaireId}
          isFirst={keys.data?.length === 0}
          onCreated={setCreated}
          focusFirstField={backFromKey}
        />
      )}
      <Card
        title="Keys"
        description="Requests with a deleted or expired key are refused. A rolled key's old value works until its overlap ends."
      >
        {keys.isPending ? (
          <SkeletonRows rows={3} label="Loading keys" />
        ) : keys.isError ? (
          <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No API keys yet">
            Create the first key above. Your system sends it in the <code>Authorization</code> header.
          </EmptyState>
        ) : (
          <KeyTable
            questionnaireId={questionnaireId}
            keys={keys.data}
            onRolled={setCreated}
            onShowRequests={setWatched}
          />
        )}
      </Card>
      {watched && (
        <KeyActivity questionnaireId={questionnaireId} apiKey={watched} onClose={() => setWatched(null)} />
      )}
    </div>
  );
}

function CreateKeyForm({
  questionnaireId,
  isFirst,
  onCreated,
  focusFirstField,
}: {
  questionnaireId: string;
  isFirst: boolean;
  onCreated: (key: NewKey) => void;
  focusFirstField: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirstField) form.current?.querySelector('input')?.focus();
  }, [focusFirstField]);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['participant:write']);
  const [expiry, setExpiry] = useState<(typeof EXPIRY_CHOICES)[number][0]>('never');
  const create = useFormMutation(
    trpc.apiKey.create.mutationOptions({
      onSuccess: async (key) => {
        onCreated({ name: key.name, key: key.key });
        setName('');
        toast.success(`Key “${key.name}” created`);
        await queryClient.invalidateQueries(trpc.apiKey.list.queryFilter({ questionnaireId }));
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    const expiresAt =
      expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
    create.submit({ questionnaireId, name, scopes, expiresAt });
  }
  return (
    <Card
      title={isFirst ? 'Create the first API key' : 'Create an API key'}
      description="Choose what the key may do. Give one key apikey:write to let your system create further keys."
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="Create an API key">
        <FormError message={formErrorOf(create.error)} />
        <TextField
          label="Key name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          placeholder="e.g. CRM production"
          className="max-w-md"
          autoComplete="off"
        />
        <fieldset aria-describedby={errors.scopes ? 'scopes-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <label
                key={scope.value}
                className="flex cursor-pointer items-start gap-3 rounded-md p-2 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600"
                  checked={scopes.includes(scope.value)}
                  onChange={(e) =>
                    setScopes((current) =>
                      e.target.checked ? [...current, scope.value] : current.filter((s) => s !== scope.value),
                    )
                  }
                />
                <span className="text-sm">
                  <code className="font-semibold text-slate-900">{scope.value}</code>
                  <span className="block text-slate-500">{scope.label}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.scopes && (
            <p id="scopes-error" className="mt-1 text-xs font-medium text-red-700">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <SelectField
          label="Expires"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value as typeof expiry)}
          error={errors.expiresAt}
          className="max-w-xs"
        >
          {EXPIRY_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={create.busy}>
          Create key
        </Button>
      </form>
    </Card>
  );
}

function NewKeyPanel({ created, onDone }: { created: NewKey; onDone: () => void }) {
  // The form that had focus is gone: focus moves to the key, ready to be copied, not to the page's top.
  const keyField = useRef<HTMLInputElement>(null);
  useEffect(() => keyField.current?.focus(), []);
  return (
    <section
      aria-labelledby="new-key-title"
      className="space-y-3 rounded-lg bg-amber-50 p-5 ring-1 ring-amber-300"
    >
      <h2 id="new-key-title" className="text-base font-semibold text-amber-900">
        Your new key “{created.name}”
      </h2>
      <p role="alert" className="text-sm font-medium text-amber-900">
        Copy this key now and keep it somewhere safe. It will not be shown again: we store only a fingerprint
        of it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="new-api-key" className="sr-only">
          New API key
        </label>
        <input
          ref={keyField}
          id="new-api-key"
          readOnly
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border-0 bg-white px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-inset ring-amber-300"
        />
        <CopyButton value={created.key} label="Copy API key" size="md" />
      </div>
      <Button variant="secondary" onClick={onDone}>
        I have saved the key
      </Button>
    </section>
  );
}

// Five columns and the actions fit a 1440 px screen with every cell filled (a sixth and seventh, Key and
// Created, pushed Rate limit out of view): the key's value and creation sit under its name.
const head = 'px-3 py-2 font-medium first:pl-4';
const cell = 'px-3 py-3 align-top first:pl-4';

interface KeyRow {
  id: string;
  name: string;
  maskedKey: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  state: 'active' | 'rolled' | 'expired';
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  rateLimitPerMinute: number | null;
  rateLimitSharedWith: string | null;
  defaultRateLimitPerMinute: number;
  rateLimitEditVersion: string;
}

const STATE_BADGES = {
  active: ['green', 'Active'],
  rolled: ['amber', 'Rolled'],
  expired: ['red', 'Expired'],
} as const;

/** The key's state as a badge, and until when underneath: a badge holding a whole date crowded the table. */
function KeyState({ apiKey: { state, expiresAt } }: { apiKey: KeyRow }) {
  const [tone, label] = STATE_BADGES[state];
  const until = state === 'rolled' ? 'works until ' : state === 'active' ? 'until ' : '';
  return (
    <>
      <Badge tone={tone}>{label}</Badge>{' '}
      <span className="mt-1 block text-xs text-slate-500">
        {expiresAt ? (
          <>
            {until}
            <Time value={expiresAt} />
          </>
        ) : (
          state === 'active' && 'no expiry'
        )}
      </span>
    </>
  );
}

function KeyTable({
  questionnaireId,
  keys,
  onRolled,
  onShowRequests,
}: {
  questionnaireId: string;
  keys: KeyRow[];
  onRolled: (key: NewKey) => void;
  onShowRequests: (key: KeyRow) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<KeyRow | null>(null);
  const [toRoll, setToRoll] = useState<KeyRow | null>(null);
  const [overlap, setOverlap] = useState<Overlap>('24h');
  const roll = useFormMutation(
    trpc.apiKey.roll.mutationOptions({
      onSuccess: async (key) => {
        setToRoll(null);
        onRolled({ name: key.name, key: key.key });
        toast.success(`Key “${key.name}” rolled`);
        await queryClient.invalidateQueries(trpc.apiKey.list.queryFilter({ questionnaireId }));
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const remove = useFormMutation(
    trpc.apiKey.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(`Key “${toDelete?.name ?? ''}” deleted`);
        setToDelete(null);
        await queryClient.invalidateQueries(trpc.apiKey.list.queryFilter({ questionnaireId }));
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  return (
    <>
      <div className="relative -mx-4 overflow-x-auto sm:mx-0">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">API keys</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className={head}>
                Key
              </th>
              <th scope="col" className={head}>
                Scopes
              </th>
              <th scope="col" className={head}>
                State
              </th>
              <th scope="col" className={head}>
                Last used
              </th>
              <th scope="col" className={head}>
                Rate limit
              </th>
              <th scope="col" className={rowActionsCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {keys.map((key) => (
              <tr key={key.id}>
                <td className={`${cell} min-w-36`}>
                  <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {key.name}
                  </span>
                  <code className="mt-1 inline-block whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs">
                    {key.maskedKey}
                  </code>
                  <span className="mt-1 block text-xs text-slate-500">
                    created <Time value={key.createdAt} />
                  </span>
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap gap-1">
                    {key.scopes.map((s) => (
                      <Badge key={s}>{s}</Badge>
                    ))}
                  </div>
                </td>
                <td className={cell}>
                  <KeyState apiKey={key} />
                </td>
                <td className={`${cell} text-slate-600`}>
                  {key.lastUsedAt ? <Time value={key.lastUsedAt} /> : 'Never'}
                  {key.lastUsedIp && (
                    <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">
                      from {key.lastUsedIp}
                    </span>
                  )}
                </td>
                <td className={cell}>
                  <RateLimitControl questionnaireId={questionnaireId} apiKey={key} />
                </td>
                <td className={rowActionsCell}>
                  <RowActions
                    label={`key ${key.name}`}
                    actions={[
                      { label: 'Requests', onSelect: () => onShowRequests(key) },
                      ...(key.state === 'active' ? [{ label: 'Roll', onSelect: () => setToRoll(key) }] : []),
                      { label: 'Delete', tone: 'danger' as const, onSelect: () => setToDelete(key) },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete key “${toDelete?.name ?? ''}”?`}
        confirmLabel="Delete key"
        busy={remove.busy}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.submit({ questionnaireId, keyId: toDelete.id })}
      >
        Requests with this key will be refused immediately. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={toRoll !== null}
        title={`Roll key “${toRoll?.name ?? ''}”?`}
        confirmLabel="Roll key"
        busy={roll.busy}
        onCancel={() => setToRoll(null)}
        onConfirm={() => toRoll && !roll.busy && roll.submit({ questionnaireId, keyId: toRoll.id, overlap })}
      >
        <p>
          A new value is issued and shown once. The old value keeps working for the overlap you choose, so
          your systems can switch over without downtime; then it is refused.
        </p>
        <SelectField
          label="Overlap"
          value={overlap}
          onChange={(e) => setOverlap(e.target.value as Overlap)}
          className="mt-3"
        >
          {OVERLAP_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </ConfirmDialog>
    </>
  );
}
