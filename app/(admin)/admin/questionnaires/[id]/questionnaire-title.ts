// Page titles inside a questionnaire name it: "API keys · Survey 2026 · Assessment Integration". Only for an
// Admin who may see it (the layout refuses everyone else with a 404), so a title never leaks a name.
import type { Metadata } from 'next';
import { cache } from 'react';
import { getCurrentAdmin } from '@/server/auth/session';
import { getPrisma } from '@/server/db';
import { requireQuestionnaireAccess } from '@/server/services/admin-access';

export const visibleQuestionnaireName = cache(async (id: string): Promise<string | null> => {
  const admin = await getCurrentAdmin();
  if (!admin) return null;
  return requireQuestionnaireAccess(getPrisma(), admin, id).then(
    (questionnaire) => questionnaire.name,
    () => null,
  );
});

/** The layout's title template: each page's own title, then the questionnaire's name. */
export async function questionnaireTitleTemplate(id: string): Promise<Metadata> {
  const name = await visibleQuestionnaireName(id);
  return name
    ? { title: { default: name, template: `%s · ${name} · Assessment Integration` } }
    : { title: 'Questionnaire' };
}
