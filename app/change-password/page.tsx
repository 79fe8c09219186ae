// Where an Admin whose password was generated at first start (and printed to a terminal) goes after signing in:
// outside the Admin layout (which would send them here again), and nothing else is reachable until they choose
// their own password.
import { redirect } from 'next/navigation';
import { FirstPasswordForm } from '@/components/admins/first-password-form';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { AdminProviders } from '@/components/providers/trpc-provider';
import { getCurrentAdmin } from '@/server/auth/session';

export const metadata = { title: 'Choose your password' };
export const dynamic = 'force-dynamic';

export default async function ChangePasswordPage() {
  const admin = await getCurrentAdmin();
  if (!admin) redirect('/login');
  if (!admin.mustChangePassword) redirect('/admin/account');
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <main className="w-full max-w-xl space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">Choose your password</h1>
        <p className="text-sm text-slate-600">
          The password you signed in with was generated when the service first started and printed where
          others may see it. Choose your own to continue as {admin.email}.
        </p>
        <AdminProviders>
          <FirstPasswordForm />
        </AdminProviders>
        <div className="border-t border-slate-100 pt-3">
          <SignOutButton />
        </div>
      </main>
    </div>
  );
}
