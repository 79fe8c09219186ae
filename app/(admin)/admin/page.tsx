import { Suspense } from 'react';
import { QuestionnaireList } from '@/components/questionnaires/questionnaire-list';
import { SkeletonRows } from '@/components/ui/spinner';
import { requireAdmin } from '@/server/admins/session';

export const metadata = { title: 'Questionnaires' };

export default async function AdminHome() {
  const admin = await requireAdmin();
  // The list reads its search from the address (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<SkeletonRows label="Loading questionnaires" />}>
      <QuestionnaireList isOperator={admin.isOperator} />
    </Suspense>
  );
}
