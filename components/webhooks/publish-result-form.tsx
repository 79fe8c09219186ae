'use client';
// Publishing or updating a participant's result by hand (QA, manual review such as Under_Review → Result
// Published). It goes through the same service as the assessment engine, so webhooks follow.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { Time } from '@/components/ui/time';
import { QueryError } from '@/components/ui/query-error';
import { Loading } from '@/components/ui/spinner';

const STATUSES = ['Result Published', 'Attempted - Incomplete', 'Attempted - Partial', 'Under_Review'];
const EVALUATIONS = ['HR', 'LR', 'G', 'R', 'DC', 'NC'];
const RISK_LEVELS = ['LR', 'HR', 'DC', 'NC', 'AD', 'G', 'R', ''];
const SUMMARIES = ['HR', 'LR', 'G', 'AR', 'NC'];

interface RatingRow {
  key: number;
  sequence: string;
  risk_level: string;
  text: string;
  note: string;
}

interface Draft {
  status: string;
  overall_evaluation: string;
  is_admission: boolean;
  is_counter_measure: boolean;
  is_not_complete: boolean;
  summary: string;
  summary_bgcolor: string;
  /** "" = absent from the payload. */
  clear: '' | 'true' | 'false';
  ratings: RatingRow[];
}

let rowKey = 0;
const row = (r: Partial<RatingRow> = {}): RatingRow => ({
  key: ++rowKey,
  sequence: '',
  risk_level: 'LR',
  text: '',
  note: '',
  ...r,
});

export function PublishResultForm({
  questionnaireId,
  participantId,
}: {
  questionnaireId: string;
  participantId: string;
}) {
  const trpc = useTRPC();
  const results = useQuery(trpc.webhook.results.queryOptions({ questionnaireId, participantId }));
  if (results.isPending) return <Loading label="Loading results" />;
  if (results.isError) return <QueryError error={results.error} onRetry={() => void results.refetch()} />;
  const current = results.data[0];
  const draft: Draft = current
    ? {
        status: current.status,
        overall_evaluation: current.overall_evaluation,
        is_admission: current.is_admission,
        is_counter_measure: current.is_counter_measure,
        is_not_complete: current.is_not_complete,
        summary: current.summary ?? '',
        summary_bgcolor: current.summary_bgcolor ?? '',
        clear: current.clear === null ? '' : current.clear ? 'true' : 'false',
        ratings: current.questions_risk_rating.map((r) =>
          row({ sequence: r.sequence, risk_level: r.risk_level, text: r.text ?? '', note: r.note ?? '' }),
        ),
      }
    : {
        status: 'Result Published',
        overall_evaluation: 'LR',
        is_admission: false,
        is_counter_measure: false,
        is_not_complete: false,
        summary: '',
        summary_bgcolor: '',
        clear: '',
        ratings: [row({ sequence: '1' })],
      };
  return (
    <ResultForm
      key={current?.updatedAt ?? 'new'}
      questionnaireId={questionnaireId}
      participantId={participantId}
      initial={draft}
      current={
        current
          ? { status: current.status, attemptNumber: current.attemptNumber, updatedAt: current.updatedAt }
          : null
      }
    />
  );
}

function ResultForm({
  questionnaireId,
  participantId,
  initial,
  current,
}: {
  questionnaireId: string;
  participantId: string;
  initial: Draft;
  current: { status: string; attemptNumber: number; updatedAt: string } | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const ids = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setRating = (key: number, patch: Partial<RatingRow>) =>
    setDraft((d) => ({ ...d, ratings: d.ratings.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const publish = useFormMutation(
    trpc.webhook.publishResult.mutationOptions({
      onSuccess: async (result) => {
        toast.success(
          `${result.created ? 'Result published' : 'Result updated'}; ${result.deliveries} webhook deliver${result.deliveries === 1 ? 'y' : 'ies'} queued`,
        );
        await queryClient.invalidateQueries(trpc.webhook.pathFilter());
        await queryClient.invalidateQueries(trpc.participant.pathFilter());
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const errors = fieldErrorsOf(publish.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    publish.submit({
      questionnaireId,
      participantId,
      status: draft.status,
      overall_evaluation: draft.overall_evaluation,
      is_admission: draft.is_admission,
      is_counter_measure: draft.is_counter_measure,
      is_not_complete: draft.is_not_complete,
      questions_risk_rating: draft.ratings.map((r) => ({
        sequence: r.sequence.trim(),
        risk_level: r.risk_level,
        text: r.text.trim() ? r.text : null,
        ...(r.note.trim() ? { note: r.note } : {}),
      })),
      ...(draft.summary.trim() ? { summary: draft.summary.trim() } : {}),
      ...(draft.summary_bgcolor.trim() ? { summary_bgcolor: draft.summary_bgcolor.trim() } : {}),
      ...(draft.clear ? { clear: draft.clear === 'true' } : {}),
    });
  }

  return (
    <Card
      title="Publish or update the result"
      description={
        current ? (
          <>
            Current result of attempt {current.attemptNumber}: {current.status} (updated{' '}
            <Time value={current.updatedAt} />
            ). Saving replaces it, keeps the old one in the history and notifies the webhook.
          </>
        ) : (
          'Nothing published for this participant. Publishing stores the result for their latest attempt and notifies the webhook.'
        )
      }
    >
      <form onSubmit={submit} noValidate className="space-y-5" aria-label="Publish result">
        <FormError message={formErrorOf(publish.error)} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Status"
            list={`${ids}-statuses`}
            value={draft.status}
            onChange={(e) => set('status', e.target.value)}
            error={errors.status}
          />
          <datalist id={`${ids}-statuses`}>
            {STATUSES.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <SelectField
            label="Overall evaluation"
            value={draft.overall_evaluation}
            onChange={(e) => set('overall_evaluation', e.target.value)}
            error={errors.overall_evaluation}
          >
            {[...new Set([...EVALUATIONS, draft.overall_evaluation])].map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Summary"
            list={`${ids}-summaries`}
            value={draft.summary}
            onChange={(e) => set('summary', e.target.value)}
            error={errors.summary}
            hint="Optional, e.g. HR, LR, G, AR, NC."
          />
          <datalist id={`${ids}-summaries`}>
            {SUMMARIES.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <TextField
            label="Summary colour"
            value={draft.summary_bgcolor}
            onChange={(e) => set('summary_bgcolor', e.target.value)}
            error={errors.summary_bgcolor}
            placeholder="#28a745"
            hint="Optional, #RRGGBB."
          />
          <SelectField
            label="Clear"
            value={draft.clear}
            onChange={(e) => set('clear', e.target.value as Draft['clear'])}
            error={errors.clear}
          >
            <option value="">Not stated</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </SelectField>
        </div>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">Flags</legend>
          {(
            [
              ['is_admission', 'Admission'],
              ['is_counter_measure', 'Counter-measure'],
              ['is_not_complete', 'Not complete'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-brand-600"
                checked={draft[key]}
                onChange={(e) => set(key, e.target.checked)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">Questions and risk ratings</legend>
          {errors.questions_risk_rating && (
            <p className="text-xs font-medium text-red-700">{errors.questions_risk_rating}</p>
          )}
          {draft.ratings.map((r, index) => (
            <div
              key={r.key}
              role="group"
              aria-label={`Question ${index + 1}`}
              className="grid grid-cols-1 gap-3 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[6rem_7rem_1fr_1fr_auto] sm:items-end"
            >
              <TextField
                label="Number"
                value={r.sequence}
                onChange={(e) => setRating(r.key, { sequence: e.target.value })}
              />
              <SelectField
                label="Risk level"
                value={r.risk_level}
                onChange={(e) => setRating(r.key, { risk_level: e.target.value })}
              >
                {[...new Set([...RISK_LEVELS, r.risk_level])].map((v) => (
                  <option key={v} value={v}>
                    {v || '(empty)'}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Question text"
                value={r.text}
                onChange={(e) => setRating(r.key, { text: e.target.value })}
              />
              <TextField
                label="Note"
                value={r.note}
                onChange={(e) => setRating(r.key, { note: e.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove question ${index + 1}`}
                onClick={() =>
                  set(
                    'ratings',
                    draft.ratings.filter((x) => x.key !== r.key),
                  )
                }
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              set('ratings', [...draft.ratings, row({ sequence: String(draft.ratings.length + 1) })])
            }
          >
            Add question
          </Button>
        </fieldset>
        <Button type="submit" loading={publish.busy}>
          {current ? 'Update result' : 'Publish result'}
        </Button>
      </form>
    </Card>
  );
}
