import { notFound } from 'next/navigation';
import { NewQuestionnaireForm } from '@/components/questionnaires/new-questionnaire-form';
import { PageHeader } from '@/components/ui/page-header';
import { requireAdmin } from '@/server/admins/session';

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
      <NewQuestionnaireForm />
    </>
  );
}
