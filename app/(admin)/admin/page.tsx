import { QuestionnaireList } from '@/components/questionnaires/questionnaire-list';
import { readQuestionnaireSearch } from '@/components/questionnaires/questionnaire-search';
import { addressParams, adminQuery, adminQueryKeys as keys, Prefetch } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { requireAdmin } from '@/server/admins/session';
import { api } from '@/server/doors/admin/server-caller';

export const metadata = { title: 'Questionnaires' };

export default async function AdminHome({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const admin = await requireAdmin();
  // The list reads its search from the address (useSearchParams, inside <Prefetch>'s Suspense boundary): the
  // same reader over the same address gives the input the browser asks for.
  const search = readQuestionnaireSearch(addressParams(await searchParams));
  return (
    <Prefetch
      fallback={<SkeletonRows label="Loading questionnaires" />}
      queries={[adminQuery(keys.questionnaire.search, api.questionnaire.search, search)]}
    >
      <QuestionnaireList isOperator={admin.isOperator} />
    </Prefetch>
  );
}
