// Where ADMIN_REQUIRE_2FA sends an Admin who signs in with a password but has no second factor yet: outside
// the Admin layout (which would send them here again), and nothing else is reachable until they enrol.
import { redirect } from 'next/navigation';
import { TwoFactorEnrolment } from '@/components/admins/account-security';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { AdminProviders } from '@/components/providers/trpc-provider';
import { getCurrentAdmin } from '@/server/auth/session';

export const metadata = { title: 'Set up two-factor sign-in' };
export const dynamic = 'force-dynamic';

export default async function TwoFactorSetupPage() {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  if (!admin.mustEnrolTwoFactor) redirect('/admin/account');
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <main className="w-full max-w-xl space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Set up two-factor sign-in</h1>
        <p className="text-sm text-slate-600">
          This service requires a second factor for every Admin. Set it up now to continue as {admin.email}.
        </p>
        <AdminProviders>
          <TwoFactorEnrolment />
        </AdminProviders>
        <div className="border-t border-slate-100 pt-3">
          <SignOutButton />
        </div>
      </main>
    </div>
  );
}
