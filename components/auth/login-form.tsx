'use client';
// Sign-in: email and password, then (for Admins with two-factor sign-in) a code from the authenticator app
// or a recovery code; and, when configured, a single sign-on button.
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { TWO_FACTOR_REQUIRED } from '@/server/admins/sign-in-messages';

export function LoginForm({
  callbackUrl,
  passwordSignIn,
  sso,
}: {
  callbackUrl: string;
  passwordSignIn: boolean;
  /** The single sign-on provider's display name, when one is configured. */
  sso: string | null;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string; code?: string; form?: string }>(
    {},
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!email.trim()) problems.email = 'Enter your email address';
    if (!password) problems.password = 'Enter your password';
    if (askCode && !code.trim()) problems.code = 'Enter the code from your authenticator app';
    setErrors(problems);
    if (problems.email || problems.password || problems.code) return;
    setBusy(true);
    try {
      const result = await signIn('credentials', { email, password, code, redirect: false, callbackUrl });
      if (result?.ok && !result.error) {
        window.location.assign(callbackUrl);
        return;
      }
      if (result?.error === TWO_FACTOR_REQUIRED) {
        setAskCode(true);
        setErrors({});
      } else {
        setErrors({
          form:
            result?.error && result.error !== 'CredentialsSignin'
              ? result.error
              : 'Sign-in failed. Check your email and password.',
        });
      }
    } catch {
      setErrors({ form: 'The service could not be reached. Check your connection and try again.' });
    }
    setBusy(false);
  }

  return (
    <div className="mt-6 space-y-4">
      {sso && (
        <Button
          variant={passwordSignIn ? 'secondary' : 'primary'}
          className="w-full"
          loading={busy && !passwordSignIn}
          onClick={() => {
            setBusy(true);
            void signIn('oidc', { callbackUrl });
          }}
        >
          Continue with {sso}
        </Button>
      )}
      {sso && passwordSignIn && (
        <p className="text-center text-xs text-slate-500" aria-hidden>
          or
        </p>
      )}
      {passwordSignIn && (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-label="Sign in">
          <FormError message={errors.form} />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            readOnly={askCode}
            required
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            readOnly={askCode}
            required
          />
          {askCode && (
            <TextField
              label="Authentication code"
              name="code"
              autoComplete="one-time-code"
              hint="The six digits your authenticator app shows, or one of your recovery codes."
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={errors.code}
              autoFocus
              required
            />
          )}
          <Button type="submit" loading={busy} className="w-full">
            {askCode ? 'Verify and sign in' : 'Sign in'}
          </Button>
        </form>
      )}
    </div>
  );
}
