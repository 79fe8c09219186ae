// Page titles inside a questionnaire name it: "API keys · Survey 2026 · Assessment Integration". Only for an
// Admin who may see it (the layout refuses everyone else with a 404), so a title never leaks a name.
import 'server-only';
import type { Metadata } from 'next';
import { cache } from 'react';
import { api } from '@/server/doors/admin/server-caller';

/** The questionnaire as the signed-in Admin may see it (read once per request); refusals are thrown. */
export const visibleQuestionnaire = cache((questionnaireId: string) =>
  api.questionnaire.get({ questionnaireId }),
);

export const visibleQuestionnaireName = cache((id: string): Promise<string | null> =>
  visibleQuestionnaire(id).then(
    (questionnaire) => questionnaire.name,
    () => null,
  ),
);

/** The layout's title template: each page's own title, then the questionnaire's name. */
export async function questionnaireTitleTemplate(id: string): Promise<Metadata> {
  const name = await visibleQuestionnaireName(id);
  return name
    ? { title: { default: name, template: `%s · ${name} · Assessment Integration` } }
    : { title: 'Questionnaire' };
}
