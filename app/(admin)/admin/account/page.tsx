import { ChangePasswordForm } from '@/components/admins/account-page';
import { SessionsCard, TwoFactorCard } from '@/components/admins/account-security';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/server/admins/session';
import { SESSION_MAX_AGE_SECONDS } from '@/server/admins/options';

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
      <div className="space-y-6">
        {admin.signInMethod === 'password' && <TwoFactorCard />}
        {admin.signInMethod === 'password' && <ChangePasswordForm />}
        <SessionsCard />
      </div>
    </>
  );
}
