import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { RegionBadge } from '@/components/ui/region-badge';
import { getCurrentAdmin } from '@/server/auth/session';
import { env } from '@/server/env';

export const metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeCallback(value: string | string[] | undefined): string {
  const path = Array.isArray(value) ? value[0] : value;
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/admin';
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await getCurrentAdmin()) redirect(callbackUrl);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2 font-semibold text-slate-900">
            <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-brand-600" />
            Assessment Integration
          </div>
          <RegionBadge region={env.REGION} />
        </div>
        <main className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in</h1>
          <p className="mt-1 text-sm text-slate-600">Questionnaire Admins and platform operators.</p>
          {params.signedOut && (
            <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              You have signed out.
            </p>
          )}
          <LoginForm callbackUrl={callbackUrl} />
        </main>
      </div>
    </div>
  );
}
