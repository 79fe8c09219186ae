import { QuestionnaireSettingsForm } from '@/components/questionnaires/questionnaire-settings-form';
import { ContactRetentionForm } from '@/components/questionnaires/contact-retention-form';

export const metadata = { title: 'Settings' };

export default async function SettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <QuestionnaireSettingsForm questionnaireId={id} />
      <ContactRetentionForm questionnaireId={id} />
    </>
  );
}
