import { ChangePasswordForm } from '@/components/admins/account-page';
import { SessionsCard, TwoFactorCard } from '@/components/admins/account-security';
import { adminQueryKeys as keys, adminQueryWithoutInput, Prefetch } from '@/components/providers/prefetch';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/server/admins/session';
import { SESSION_MAX_AGE_SECONDS } from '@/server/admins/options';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Account' };

export default async function Page() {
  const admin = await requireAdmin();
  return (
    <>
      <PageHeader
        title="Account"
        description={`Signed in as ${admin.email}. Sessions end ${SESSION_MAX_AGE_SECONDS / 3600} hours after sign-in.`}
        actions={admin.isOperator && <Badge tone="blue">Platform operator</Badge>}
      />
      <Prefetch
        fallback={<SkeletonRows rows={2} label="Loading two-factor sign-in" />}
        queries={
          admin.signInMethod === 'password'
            ? [adminQueryWithoutInput(keys.account.security, api.account.security)]
            : []
        }
      >
        <div className="space-y-6">
          {admin.signInMethod === 'password' && <TwoFactorCard />}
          {admin.signInMethod === 'password' && <ChangePasswordForm />}
          <SessionsCard />
        </div>
      </Prefetch>
    </>
  );
}
