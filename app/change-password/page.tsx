// Where an Admin whose password someone else saw (an invitation's temporary password, the one printed at the
// first start, one given to the CLI) goes after signing in: nothing else is reachable until they choose their own.
import { redirect } from 'next/navigation';
import { FirstPasswordForm } from '@/components/admins/first-password-form';
import { SetupPage } from '@/components/layout/setup-page';
import { getCurrentAdmin } from '@/server/admins/session';

export const metadata = { title: 'Choose your password' };
export const dynamic = 'force-dynamic';

export default async function ChangePasswordPage() {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  if (!admin.mustChangePassword) redirect('/admin/account');
  return (
    <SetupPage
      title="Choose your password"
      intro={`The password you signed in with is a temporary one that someone else has seen. Choose your own to continue as ${admin.email}.`}
    >
      <FirstPasswordForm />
    </SetupPage>
  );
}
