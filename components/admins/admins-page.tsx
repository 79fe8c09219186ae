'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { Time } from '@/components/ui/time';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { questionnaireLabel } from '@/components/questionnaires/questionnaire-label';

type AccessKind = 'questionnaire' | 'tenant' | 'operator';

export function AdminsPage() {
  const trpc = useTRPC();
  const admins = useQuery(trpc.adminUser.list.queryOptions());
  return (
    <>
      <PageHeader
        title="Admins"
        description="Invite questionnaire Admins and platform operators, and see who can reach what."
      />
      <div className="space-y-6">
        <InviteForm />
        <Card title="Admins and their access">
          {admins.isPending ? (
            <SkeletonRows rows={3} label="Loading Admins" />
          ) : admins.isError ? (
            <QueryError error={admins.error} onRetry={() => void admins.refetch()} />
          ) : (
            <AdminList admins={admins.data} />
          )}
        </Card>
      </div>
    </>
  );
}

function InviteForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const questionnaires = useQuery(trpc.questionnaire.list.queryOptions());
  const tenants = useQuery(trpc.tenant.list.queryOptions());
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<AccessKind>('questionnaire');
  const [target, setTarget] = useState('');
  const [invited, setInvited] = useState<{ email: string; password: string } | null>(null);
  const invite = useFormMutation(
    trpc.adminUser.invite.mutationOptions({
      onSuccess: async (outcome) => {
        toast.success(
          outcome.temporaryPassword ? `Invited ${outcome.email}` : `Access added for ${outcome.email}`,
        );
        setInvited(
          outcome.temporaryPassword ? { email: outcome.email, password: outcome.temporaryPassword } : null,
        );
        setEmail('');
        await queryClient.invalidateQueries(trpc.adminUser.list.queryFilter());
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const errors = fieldErrorsOf(invite.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    const access =
      kind === 'operator'
        ? { kind }
        : kind === 'tenant'
          ? { kind, tenantId: target }
          : { kind, questionnaireId: target };
    invite.submit({ email, access });
  }
  return (
    <Card
      title="Invite an Admin"
      description="A new Admin gets a temporary password to pass on securely; an existing Admin gets the extra access. Inviting someone who has not yet chosen their own password gives them a new temporary one."
    >
      <form
        onSubmit={submit}
        noValidate
        className="grid grid-cols-1 gap-4 md:grid-cols-3"
        aria-label="Invite an Admin"
      >
        <div className="md:col-span-3">
          <FormError message={formErrorOf(invite.error)} />
        </div>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          autoComplete="off"
        />
        <SelectField
          label="Access"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as AccessKind);
            setTarget('');
          }}
        >
          <option value="questionnaire">One questionnaire</option>
          <option value="tenant">Every questionnaire of a tenant</option>
          <option value="operator">Platform operator</option>
        </SelectField>
        {kind === 'questionnaire' && (
          <SelectField
            label="Questionnaire"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            error={errors.access}
          >
            <option value="">Choose…</option>
            {questionnaires.data?.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name} ({q.tenantName}){q.sandbox ? ' · sandbox' : ''}
              </option>
            ))}
          </SelectField>
        )}
        {kind === 'tenant' && (
          <SelectField
            label="Tenant"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            error={errors.access}
          >
            <option value="">Choose…</option>
            {tenants.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="md:col-span-3">
          <Button type="submit" loading={invite.busy}>
            Invite
          </Button>
        </div>
      </form>
      {invited && (
        <section
          aria-labelledby="invited-title"
          className="mt-4 space-y-2 rounded-md bg-amber-50 p-4 ring-1 ring-amber-300"
        >
          <h3 id="invited-title" className="text-sm font-semibold text-amber-900">
            Temporary password for {invited.email}
          </h3>
          <p className="text-sm text-amber-900">
            Pass it on securely. It will not be shown again. It signs in only to choose their own password,
            and stops working if not used in time: then invite them again.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="invited-password" className="sr-only">
              Temporary password
            </label>
            <input
              id="invited-password"
              readOnly
              value={invited.password}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md bg-white px-3 py-2 font-mono text-sm ring-1 ring-amber-300"
            />
            <CopyButton value={invited.password} label="Copy temporary password" size="md" />
            <Button variant="secondary" onClick={() => setInvited(null)}>
              Done
            </Button>
          </div>
        </section>
      )}
    </Card>
  );
}

interface AdminEntry {
  id: string;
  email: string;
  isOperator: boolean;
  lastLoginAt: string | null;
  /** Set while the Admin still has a temporary password: when it stops signing in. */
  invitationExpiresAt: string | null;
  /** That moment has passed: only a new invitation lets the Admin in. */
  invitationExpired: boolean;
  grants: {
    id: string;
    tenant: { name: string } | null;
    questionnaire: { name: string; sandbox: boolean } | null;
  }[];
}

/** An Admin who has not yet chosen their own password: until when the temporary one works, or that it expired. */
function InvitationState({ expiresAt, expired }: { expiresAt: string; expired: boolean }) {
  return expired ? (
    <Badge tone="amber">Invitation expired: invite again</Badge>
  ) : (
    <span className="text-xs text-slate-500">
      temporary password until <Time value={expiresAt} />
    </span>
  );
}

function AdminList({ admins }: { admins: AdminEntry[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [toRevoke, setToRevoke] = useState<{ id: string; label: string; email: string } | null>(null);
  const [toSignOut, setToSignOut] = useState<{ id: string; email: string } | null>(null);
  const endSessions = useFormMutation(
    trpc.adminUser.endSessions.mutationOptions({
      onSuccess: () => {
        toast.success(`${toSignOut?.email ?? 'The Admin'} is signed out everywhere`);
        setToSignOut(null);
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const revoke = useFormMutation(
    trpc.adminUser.revokeGrant.mutationOptions({
      onSuccess: async () => {
        toast.success('Access removed');
        setToRevoke(null);
        await queryClient.invalidateQueries(trpc.adminUser.list.queryFilter());
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  return (
    <>
      <ul aria-label="Admins" className="divide-y divide-slate-100">
        {admins.map((a) => (
          <li key={a.id} className="py-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{a.email}</span>
              {a.isOperator && <Badge tone="blue">Platform operator</Badge>}
              <span className="text-xs text-slate-500">
                last sign-in {a.lastLoginAt ? <Time value={a.lastLoginAt} /> : 'never'}
              </span>
              {a.invitationExpiresAt && (
                <InvitationState expiresAt={a.invitationExpiresAt} expired={a.invitationExpired} />
              )}
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto"
                aria-label={`End sessions of ${a.email}`}
                onClick={() => setToSignOut({ id: a.id, email: a.email })}
              >
                End sessions
              </Button>
            </div>
            {a.grants.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Access of ${a.email}`}>
                {a.grants.map((g) => {
                  const label = g.questionnaire
                    ? `Questionnaire ${questionnaireLabel(g.questionnaire.name, g.questionnaire.sandbox)}`
                    : `Tenant ${g.tenant?.name ?? '?'}`;
                  return (
                    <li
                      key={g.id}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1 text-xs text-slate-700"
                    >
                      {label}
                      <button
                        type="button"
                        className="rounded-full px-1.5 hover:bg-slate-200"
                        aria-label={`Remove access to ${label} from ${a.email}`}
                        onClick={() => setToRevoke({ id: g.id, label, email: a.email })}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toRevoke !== null}
        title="Remove access?"
        confirmLabel="Remove access"
        busy={revoke.busy}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => toRevoke && revoke.submit({ grantId: toRevoke.id })}
      >
        {toRevoke &&
          `${toRevoke.email} will lose access to ${toRevoke.label} at once, and is signed out everywhere.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={toSignOut !== null}
        title="End every session?"
        confirmLabel="End sessions"
        busy={endSessions.busy}
        onCancel={() => setToSignOut(null)}
        onConfirm={() => toSignOut && endSessions.submit({ adminId: toSignOut.id })}
      >
        {toSignOut &&
          `${toSignOut.email} is signed out in every browser at the next step and must sign in again.`}
      </ConfirmDialog>
    </>
  );
}
