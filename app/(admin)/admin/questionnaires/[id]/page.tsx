import { QuestionnaireOverview } from '@/components/questionnaires/questionnaire-overview';
import { adminQuery, adminQueryKeys as keys, Prefetch, timeZoneHint } from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';
import { env } from '@/server/platform/env';
import { visibleQuestionnaire, visibleQuestionnaireName } from './questionnaire-title';

// The layout's title template does not reach the page of its own segment: this one names it itself.
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  const name = await visibleQuestionnaireName((await params).id);
  return { title: name ? `Overview · ${name}` : 'Questionnaire' };
}

export default async function QuestionnaireOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const input = { questionnaireId: id };
  const timeZone = await timeZoneHint();
  return (
    <Prefetch
      fallback={<SkeletonRows label="Loading questionnaire" />}
      queries={[
        // The layout's own read of it, not a second one.
        adminQuery(keys.questionnaire.get, (i) => visibleQuestionnaire(i.questionnaireId), input),
        adminQuery(keys.apiKey.list, api.apiKey.list, input),
        adminQuery(keys.participant.count, api.participant.count, input),
        adminQuery(keys.blockedNumber.list, api.blockedNumber.list, input),
        adminQuery(keys.webhook.get, api.webhook.get, input),
        adminQuery(keys.questionnaire.stats, api.questionnaire.stats, { ...input, timeZone }),
      ]}
    >
      <QuestionnaireOverview
        questionnaireId={id}
        apiBaseUrl={`${env.PUBLIC_BASE_URL}/questionnaire`}
        timeZoneHint={timeZone}
      />
    </Prefetch>
  );
}
