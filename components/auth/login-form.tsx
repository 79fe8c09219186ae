'use client';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!email.trim()) problems.email = 'Enter your email address';
    if (!password) problems.password = 'Enter your password';
    setErrors(problems);
    if (problems.email || problems.password) return;
    setBusy(true);
    try {
      const result = await signIn('credentials', { email, password, redirect: false, callbackUrl });
      if (result?.ok && !result.error) {
        window.location.assign(callbackUrl);
        return;
      }
      setErrors({
        form:
          result?.error && result.error !== 'CredentialsSignin'
            ? result.error
            : 'Sign-in failed. Check your email and password.',
      });
    } catch {
      setErrors({ form: 'The service could not be reached. Check your connection and try again.' });
    }
    setBusy(false);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 space-y-4" aria-label="Sign in">
      <FormError message={errors.form} />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
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
        required
      />
      <Button type="submit" loading={busy} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
