import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/auth/login-form';
import { RegionBadge } from '@/components/ui/region-badge';
import { getCurrentAdmin } from '@/server/admins/session';
import { env } from '@/server/platform/env';
import { sameOriginPath } from '@/server/platform/lib/same-origin-path';
import { SSO_NOT_INVITED, SSO_NOT_INVITED_ERROR } from '@/server/admins/sign-in-messages';

export const metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

/** Why the Admin is back here after an action of their own. */
function noticeOf(params: Record<string, string | string[] | undefined>): string | null {
  if (params.sessionsEnded) return 'You were signed out everywhere.';
  if (params.signedOut) return 'You have signed out.';
  return null;
}

/** next-auth sends failed single sign-ons here with an error code. */
function problemOf(error: string | string[] | undefined): string | null {
  if (!error) return null;
  if (error === SSO_NOT_INVITED_ERROR || error === 'AccessDenied') return SSO_NOT_INVITED;
  return 'Single sign-on did not work. Try again, or ask a platform operator.';
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  // Only a path of this site is followed after sign-in (no open redirect).
  const callbackUrl = sameOriginPath(params.callbackUrl, '/admin');
  const notice = noticeOf(params);
  const problem = problemOf(params.error);
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
          {notice && (
            <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              {notice}
            </p>
          )}
          {problem && (
            <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {problem}
            </p>
          )}
          <LoginForm
            callbackUrl={callbackUrl}
            passwordSignIn={env.ADMIN_PASSWORD_SIGN_IN}
            sso={env.OIDC_ISSUER ? env.OIDC_DISPLAY_NAME : null}
          />
        </main>
      </div>
    </div>
  );
}
