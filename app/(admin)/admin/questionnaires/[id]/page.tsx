import { QuestionnaireOverview } from '@/components/questionnaires/questionnaire-overview';
import { env } from '@/server/platform/env';
import { visibleQuestionnaireName } from './questionnaire-title';

// The layout's title template does not reach the page of its own segment: this one names it itself.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const name = await visibleQuestionnaireName((await params).id);
  return { title: name ? `Overview · ${name}` : 'Questionnaire' };
}

export default async function QuestionnaireOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <QuestionnaireOverview questionnaireId={id} apiBaseUrl={`${env.PUBLIC_BASE_URL}/questionnaire`} />;
}
