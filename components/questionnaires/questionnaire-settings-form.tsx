'use client';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, TextAreaField, TextField } from '@/components/ui/field';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { languageName } from '@/server/questionnaires/fields';
import { QuestionnaireRemoval } from './questionnaire-removal';

interface Draft {
  name: string;
  phoneNumber: string;
  languages: string[];
  guideTexts: Record<string, string>;
  attemptLimit: string;
}

export function QuestionnaireSettingsForm({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaire.get.queryOptions({ questionnaireId }));
  if (questionnaire.isPending) return <SkeletonRows label="Loading settings" />;
  if (questionnaire.isError)
    return <QueryError error={questionnaire.error} onRetry={() => void questionnaire.refetch()} />;
  const q = questionnaire.data;
  return (
    <div className="space-y-6">
      <SettingsEditor
        questionnaireId={questionnaireId}
        openedVersion={q.editVersion}
        initial={{
          name: q.name,
          phoneNumber: q.phoneNumber ?? '',
          languages: q.languages,
          guideTexts: q.guideTexts,
          attemptLimit: q.attemptLimit === null ? '' : String(q.attemptLimit),
        }}
      />
      <QuestionnaireRemoval questionnaireId={questionnaireId} name={q.name} />
    </div>
  );
}

function SettingsEditor({
  questionnaireId,
  initial,
  openedVersion,
}: {
  questionnaireId: string;
  initial: Draft;
  /** The settings as this form opened them: a save is refused if someone changed them since. */
  openedVersion: string;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  // Moves on with this form's own saves only, never with a refetch: a change made elsewhere meanwhile must
  // refuse the save instead of being overwritten by it.
  const [editVersion, setEditVersion] = useState(openedVersion);
  const [newLanguage, setNewLanguage] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string | undefined>>({});
  const update = useFormMutation(
    trpc.questionnaire.update.mutationOptions({
      onSuccess: async (saved) => {
        setEditVersion(saved.editVersion);
        queryClient.setQueryData(trpc.questionnaire.get.queryKey({ questionnaireId }), saved);
        await queryClient.invalidateQueries(trpc.questionnaire.list.queryFilter());
        toast.success('Settings saved');
        router.refresh();
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const errors = { ...fieldErrorsOf(update.error), ...localErrors };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function addLanguage() {
    const language = newLanguage.trim();
    if (!language) {
      setLocalErrors({ newLanguage: 'Type a language name first' });
      return;
    }
    // The rule Save applies, checked now, so a bad name never gets into the list.
    const checked = languageName.safeParse(language);
    if (!checked.success) {
      setLocalErrors({ newLanguage: checked.error.issues[0]?.message });
      return;
    }
    if (draft.languages.some((l) => l.toLowerCase() === language.toLowerCase())) {
      setLocalErrors({ newLanguage: `${language} is already offered` });
      return;
    }
    setLocalErrors({});
    set('languages', [...draft.languages, language]);
    setNewLanguage('');
  }

  // Every field goes to the server as typed (the attempt limit too), which checks them all and answers
  // with every problem at once.
  function submit(event: FormEvent) {
    event.preventDefault();
    setLocalErrors({});
    update.submit({
      questionnaireId,
      name: draft.name,
      phoneNumber: draft.phoneNumber.trim() || null,
      languages: draft.languages,
      guideTexts: draft.guideTexts,
      attemptLimit: draft.attemptLimit,
      editVersion,
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Questionnaire settings">
      <h2 className="sr-only">Settings</h2>
      <FormError message={formErrorOf(update.error)} />
      <Card title="General">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            autoComplete="off"
          />
          <TextField
            label="Phone number participants call"
            value={draft.phoneNumber}
            onChange={(e) => set('phoneNumber', e.target.value)}
            error={errors.phoneNumber}
            hint="Shown on the participant guide. Stored in international form (E.164)."
            inputMode="tel"
            autoComplete="off"
          />
          <TextField
            label="Attempt limit"
            value={draft.attemptLimit}
            onChange={(e) => set('attemptLimit', e.target.value)}
            error={errors.attemptLimit}
            hint="Most attempts one participant may use (the first plus retakes). Empty means no limit."
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      </Card>

      <Card
        title="Languages and participant guide"
        description="The guide page shows the text in the participant's language."
      >
        <div className="space-y-5">
          <div>
            <p id="languages-label" className="text-sm font-medium text-slate-800">
              Languages offered
            </p>
            <ul aria-labelledby="languages-label" className="mt-2 flex flex-wrap gap-2">
              {draft.languages.map((language) => (
                <li
                  key={language}
                  className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-3 pr-1 text-sm text-brand-700 ring-1 ring-inset ring-brand-100"
                >
                  <span className="min-w-0 break-all">{language}</span>
                  <button
                    type="button"
                    className="shrink-0 rounded-full px-1.5 text-brand-700 hover:bg-brand-100"
                    aria-label={`Remove ${language}`}
                    onClick={() =>
                      set(
                        'languages',
                        draft.languages.filter((l) => l !== language),
                      )
                    }
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            {errors.languages && <p className="mt-1 text-xs font-medium text-red-700">{errors.languages}</p>}
            <div className="mt-3 flex items-end gap-2">
              <TextField
                label="Add a language"
                value={newLanguage}
                onChange={(e) => setNewLanguage(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addLanguage();
                  }
                }}
                error={localErrors.newLanguage}
                placeholder="e.g. German"
                className="min-w-0 flex-1"
                autoComplete="off"
                maxLength={200}
              />
              <Button variant="secondary" onClick={addLanguage}>
                Add
              </Button>
            </div>
          </div>
          {draft.languages.map((language) => (
            <TextAreaField
              key={language}
              label={`Guide text (${language})`}
              rows={4}
              value={draft.guideTexts[language] ?? ''}
              onChange={(e) => set('guideTexts', { ...draft.guideTexts, [language]: e.target.value })}
              error={errors.guideTexts}
              hint="Instructions shown to participants next to their access code and the number to call."
            />
          ))}
        </div>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" loading={update.busy}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
