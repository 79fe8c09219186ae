import { notFound } from 'next/navigation';
import { NewQuestionnaireForm } from '@/components/questionnaires/new-questionnaire-form';
import { adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { PageHeader } from '@/components/ui/page-header';
import { SkeletonRows } from '@/components/ui/spinner';
import { requireAdmin } from '@/server/admins/session';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'New questionnaire' };

export default async function NewQuestionnairePage() {
  const admin = await requireAdmin();
  if (!admin.isOperator) notFound();
  return (
    <>
      <PageHeader
        title="New questionnaire"
        description="Platform operators create questionnaires for tenants."
      />
      {/* The form's choice of tenant: tenant.list without input, as the form asks for it. */}
      <Prefetch
        fallback={<SkeletonRows rows={3} label="Loading tenants" />}
        queries={[adminQuery(keys.tenant.list, api.tenant.list, undefined)]}
      >
        <NewQuestionnaireForm />
      </Prefetch>
    </>
  );
}
