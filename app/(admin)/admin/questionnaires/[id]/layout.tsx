import Link from 'next/link';
import type { ReactNode } from 'react';
import { QuestionnaireTabs } from '@/components/questionnaires/questionnaire-tabs';
import { SandboxBadge } from '@/components/questionnaires/sandbox-badge';
import { SandboxBanner } from '@/components/questionnaires/sandbox-banner';
import { pageRefusal } from '@/server/doors/admin/caller-refusals';
import { requireAdmin } from '@/server/admins/session';
import { questionnaireTitleTemplate, visibleQuestionnaire } from './questionnaire-title';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }) {
  return questionnaireTitleTemplate((await params).id);
}

/** Every page of one questionnaire: checked against the Admin's grants before anything renders. */
export default async function QuestionnaireLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await requireAdmin();
  const questionnaire = await visibleQuestionnaire(id).catch(pageRefusal);
  return (
    <div className="space-y-6">
      {questionnaire.sandbox && <SandboxBanner />}
      <div className="space-y-1">
        <p className="text-sm text-slate-500">
          <Link href="/admin" className="hover:text-slate-800">
            Questionnaires
          </Link>{' '}
          <span aria-hidden>/</span> {questionnaire.tenantName}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {/* min-w-0 and overflow-wrap:anywhere: a flex item would otherwise keep a long unbroken name on one line. */}
          <h1 className="min-w-0 max-w-full text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {questionnaire.name}
          </h1>
          <SandboxBadge sandbox={questionnaire.sandbox} />
        </div>
      </div>
      <QuestionnaireTabs questionnaireId={questionnaire.id} />
      <div>{children}</div>
    </div>
  );
}
