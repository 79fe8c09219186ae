import { QuestionnaireOverview } from '@/components/questionnaires/questionnaire-overview';
import { env } from '@/server/env';

export const metadata = { title: 'Questionnaire' };

export default async function QuestionnaireOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <QuestionnaireOverview questionnaireId={id} apiBaseUrl={`${env.PUBLIC_BASE_URL}/questionnaire`} />;
}
