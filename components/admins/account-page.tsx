'use client';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, TextField } from '@/components/ui/field';
import { keepThisSession } from '@/components/admins/account-security';

/** `onChanged` runs after the change (the first-password page opens the Admin app). */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const trpc = useTRPC();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useFormMutation(
    trpc.adminUser.changePassword.mutationOptions({
      // A new password ends every other session; this one is kept.
      onSuccess: async ({ renewal }) => {
        await keepThisSession(renewal);
        toast.success('Password changed. Your other sessions were signed out.');
        setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
        onChanged?.();
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const errors = fieldErrorsOf(change.error);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  function submit(event: FormEvent) {
    event.preventDefault();
    change.submit(form);
  }
  return (
    <Card
      title="Change password"
      description="At least 12 characters. A passphrase of a few words is easy to type and hard to guess. Changing it signs you out everywhere else."
    >
      <form onSubmit={submit} noValidate className="max-w-sm space-y-4" aria-label="Change password">
        <FormError message={formErrorOf(change.error)} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={change.busy}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
