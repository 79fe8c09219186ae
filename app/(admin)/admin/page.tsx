import { QuestionnaireList } from '@/components/questionnaires/questionnaire-list';
import { requireAdmin } from '@/server/admins/session';

export const metadata = { title: 'Questionnaires' };

export default async function AdminHome() {
  const admin = await requireAdmin();
  return <QuestionnaireList isOperator={admin.isOperator} />;
}
