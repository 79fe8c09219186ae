// Where an Admin whose password was generated at first start (and printed to a terminal) goes after signing in:
// nothing else is reachable until they choose their own password.
import { redirect } from 'next/navigation';
import { FirstPasswordForm } from '@/components/admins/first-password-form';
import { SetupPage } from '@/components/layout/setup-page';
import { getCurrentAdmin } from '@/server/auth/session';

export const metadata = { title: 'Choose your password' };
export const dynamic = 'force-dynamic';

export default async function ChangePasswordPage() {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  if (!admin.mustChangePassword) redirect('/admin/account');
  return (
    <SetupPage
      title="Choose your password"
      intro={`The password you signed in with was generated when the service first started and printed where others may see it. Choose your own to continue as ${admin.email}.`}
    >
      <FirstPasswordForm />
    </SetupPage>
  );
}
