import { QuestionnaireSettingsForm } from '@/components/questionnaires/questionnaire-settings-form';
import { ContactRetentionForm } from '@/components/questionnaires/contact-retention-form';
import {
  adminQuery,
  adminQueryKeys as keys,
  adminQueryWithoutInput,
  Prefetch,
} from '@/components/providers/prefetch';
import { SkeletonRows } from '@/components/ui/spinner';
import { api } from '@/server/doors/admin/server-caller';
import { visibleQuestionnaire } from '../questionnaire-title';

export const metadata = { title: 'Settings' };

export default async function SettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const input = { questionnaireId: id };
  return (
    <Prefetch
      fallback={<SkeletonRows label="Loading settings" />}
      queries={[
        // The layout's own read of it, not a second one.
        adminQuery(keys.questionnaire.get, (i) => visibleQuestionnaire(i.questionnaireId), input),
        adminQuery(keys.questionnaire.removal, api.questionnaire.removal, input),
        adminQueryWithoutInput(keys.adminUser.me, api.adminUser.me),
        adminQuery(keys.contactRetention.get, api.contactRetention.get, input),
      ]}
    >
      <QuestionnaireSettingsForm questionnaireId={id} />
      <ContactRetentionForm questionnaireId={id} />
    </Prefetch>
  );
}
