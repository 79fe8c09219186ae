// Where ADMIN_REQUIRE_2FA sends an Admin who signs in with a password but has no second factor yet: nothing
// else is reachable until they enrol.
import { redirect } from 'next/navigation';
import { TwoFactorEnrolment } from '@/components/admins/account-security';
import { SetupPage } from '@/components/layout/setup-page';
import { getCurrentAdmin } from '@/server/admins/session';

export const metadata = { title: 'Set up two-factor sign-in' };
export const dynamic = 'force-dynamic';

export default async function TwoFactorSetupPage() {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  if (admin.mustChangePassword) redirect('/change-password');
  if (!admin.mustEnrolTwoFactor) redirect('/admin/account');
  return (
    <SetupPage
      title="Set up two-factor sign-in"
      intro={`This service requires a second factor for every Admin. Set it up now to continue as ${admin.email}.`}
    >
      <TwoFactorEnrolment />
    </SetupPage>
  );
}
