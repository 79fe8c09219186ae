'use client';
// The password change of the first-password page, which opens the Admin app once the new password is set.
import { ChangePasswordForm } from '@/components/admins/account-page';

export function FirstPasswordForm() {
  return <ChangePasswordForm onChanged={() => window.location.assign('/admin')} />;
}
