'use client';
// The Account page's security panels: two-factor sign-in (enrol with a QR code after the password, recovery
// codes shown once, new codes or disable with the password and a current code) and "Sign out everywhere". Turning 2FA on or off (and a new password) ends the
// Admin's other sessions and keeps this one with the renewal ticket the server returns; signing out
// everywhere ends this one too and sends the Admin to the sign-in page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getCsrfToken, signOut } from 'next-auth/react';
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
import { FormError, TextField } from '@/components/ui/field';
import { Time } from '@/components/ui/time';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';

/**
 * Moves this browser's session to the Admin's new session version (next-auth's session update). A session
 * from before sessions had ids gets no ticket: it ends with the others, and the Admin signs in again.
 */
export async function keepThisSession(renewal: string | null): Promise<void> {
  if (!renewal) return;
  const csrfToken = await getCsrfToken();
  await fetch('/api/auth/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ csrfToken, data: { renewal } }),
  });
}

function CodeField({
  value,
  onChange,
  error,
  label = 'Code from your authenticator app',
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      className="max-w-xs"
    />
  );
}

function PasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label="Your password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      className="max-w-xs"
    />
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3" role="region" aria-label="Recovery codes">
      <p className="text-sm text-slate-700">
        Keep these ten recovery codes somewhere safe: each one signs you in once if you lose your phone. They
        are shown only now.
      </p>
      <ol className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="Copy the recovery codes" size="md" />
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Enrolment: a QR code and the secret as text, confirmed by a first code; then the recovery codes. */
/** `onDone` runs once the recovery codes are saved; by default the Admin app opens (the enrolment page). */
export function TwoFactorEnrolment({
  onDone = () => window.location.assign('/admin'),
}: {
  onDone?: () => void;
}) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const start = useFormMutation(
    trpc.account.startTwoFactor.mutationOptions({
      onError: (e) => {
        if (!fieldErrorsOf(e).password) toast.error(errorMessage(e));
      },
    }),
  );
  const confirm = useFormMutation(
    trpc.account.confirmTwoFactor.mutationOptions({
      onSuccess: async ({ renewal }) => {
        await keepThisSession(renewal);
        toast.success('Two-factor sign-in is on. Your other sessions were signed out.');
      },
    }),
  );
  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={onDone} />;
  if (!start.data) {
    return (
      <form
        noValidate
        className="space-y-3"
        aria-label="Set up two-factor sign-in"
        onSubmit={(e) => {
          e.preventDefault();
          start.submit({ password });
        }}
      >
        <p className="text-sm text-slate-700">
          Sign in with your password and a code from an authenticator app (such as 1Password, Google
          Authenticator or Microsoft Authenticator). Confirm your password to begin.
        </p>
        <PasswordField value={password} onChange={setPassword} error={fieldErrorsOf(start.error).password} />
        <Button type="submit" loading={start.busy}>
          Set up two-factor sign-in
        </Button>
      </form>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.submit({ code });
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with your authenticator app, or type the key below into it.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={start.data.qrCodeDataUrl}
          width={200}
          height={200}
          alt="QR code to add this account to your authenticator app (the same key is written next to it)"
          className="rounded ring-1 ring-slate-200"
        />
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-800" id="totp-key-label">
            Key for typing in
          </p>
          <div className="flex items-center gap-2">
            <code
              aria-labelledby="totp-key-label"
              className="rounded bg-slate-100 px-2 py-1 text-sm"
              data-testid="totp-secret"
            >
              {start.data.secret}
            </code>
            <CopyButton value={start.data.secret} label="Copy the key" />
          </div>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Confirm two-factor sign-in">
        <FormError message={formErrorOf(confirm.error)} />
        <CodeField value={code} onChange={setCode} error={fieldErrorsOf(confirm.error).code} />
        <Button type="submit" loading={confirm.busy}>
          Turn on two-factor sign-in
        </Button>
      </form>
    </div>
  );
}

function TwoFactorOn({
  enabledAt,
  recoveryCodesLeft,
  onChanged,
}: {
  enabledAt: string | null;
  recoveryCodesLeft: number;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const disable = useFormMutation(
    trpc.account.disableTwoFactor.mutationOptions({
      onSuccess: async ({ renewal }) => {
        await keepThisSession(renewal);
        toast.success('Two-factor sign-in is off. Your other sessions were signed out.');
        onChanged();
      },
    }),
  );
  const regenerate = useFormMutation(trpc.account.regenerateRecoveryCodes.mutationOptions());
  const error = disable.error ?? regenerate.error;
  if (regenerate.data) {
    return (
      <RecoveryCodes
        codes={regenerate.data.recoveryCodes}
        onDone={() => {
          regenerate.reset();
          setCode('');
          setPassword('');
          onChanged();
        }}
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <Badge tone="green">On</Badge> since {enabledAt ? <Time value={enabledAt} /> : '—'}.{' '}
        {recoveryCodesLeft} of 10 recovery codes left.
      </p>
      <form
        noValidate
        className="space-y-3"
        aria-label="Change two-factor sign-in"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormError message={formErrorOf(error)} />
        <PasswordField value={password} onChange={setPassword} error={fieldErrorsOf(error).password} />
        <CodeField value={code} onChange={setCode} error={fieldErrorsOf(error).code} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={regenerate.busy}
            onClick={() => {
              disable.reset();
              regenerate.submit({ password, code });
            }}
          >
            New recovery codes
          </Button>
          <Button
            variant="danger"
            loading={disable.busy}
            onClick={() => {
              regenerate.reset();
              disable.submit({ password, code });
            }}
          >
            Turn off two-factor sign-in
          </Button>
        </div>
      </form>
    </div>
  );
}

export function TwoFactorCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const security = useQuery(trpc.account.security.queryOptions());
  const refresh = () => void queryClient.invalidateQueries(trpc.account.security.queryFilter());
  return (
    <Card
      title="Two-factor sign-in"
      description="A code from your phone on top of your password. Turning it on or off signs you out everywhere else."
    >
      {security.isPending ? (
        <SkeletonRows rows={2} label="Loading two-factor sign-in" />
      ) : security.isError ? (
        <QueryError error={security.error} onRetry={() => void security.refetch()} />
      ) : security.data.twoFactorEnabled ? (
        <TwoFactorOn
          enabledAt={security.data.twoFactorEnabledAt}
          recoveryCodesLeft={security.data.recoveryCodesLeft}
          onChanged={refresh}
        />
      ) : (
        <TwoFactorEnrolment onDone={refresh} />
      )}
    </Card>
  );
}

export function SessionsCard() {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const end = useFormMutation(
    trpc.account.signOutEverywhere.mutationOptions({
      onSuccess: () => void signOut({ callbackUrl: '/login?sessionsEnded=1' }),
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  return (
    <Card
      title="Sessions"
      description="Signed in on a computer you no longer use, or lost one? End every session, this one too."
    >
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        busy={end.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => end.submit({})}
      >
        Every browser signed in as you is signed out at its next step, this one included.
      </ConfirmDialog>
    </Card>
  );
}
