'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, fieldErrorsOf } from '@/components/ui/errors';
import { TextField } from '@/components/ui/field';
import { QueryError } from '@/components/ui/query-error';
import { SkeletonRows } from '@/components/ui/spinner';
import { useFormMutation } from '@/components/ui/use-submit-once';

/** The questionnaire's personal data retention: off (empty) or a number of days after the last activity. */
export function ContactRetentionForm({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  const retention = useQuery(trpc.contactRetention.get.queryOptions({ questionnaireId }));
  if (retention.isPending) return <SkeletonRows label="Loading personal data retention" />;
  if (retention.isError)
    return <QueryError error={retention.error} onRetry={() => void retention.refetch()} />;
  return <RetentionEditor questionnaireId={questionnaireId} initial={retention.data} />;
}

function RetentionEditor({
  questionnaireId,
  initial,
}: {
  questionnaireId: string;
  initial: { days: number | null; dueCount: number; editVersion: string };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [days, setDays] = useState(initial.days === null ? '' : String(initial.days));
  const [localError, setLocalError] = useState<string>();
  // The setting as this form opened it, moved on by its own saves only (a change made elsewhere meanwhile
  // refuses the save).
  const [editVersion, setEditVersion] = useState(initial.editVersion);
  const update = useFormMutation(
    trpc.contactRetention.update.mutationOptions({
      onSuccess: (saved) => {
        setEditVersion(saved.editVersion);
        queryClient.setQueryData(trpc.contactRetention.get.queryKey({ questionnaireId }), saved);
        toast.success(
          saved.days === null ? 'Personal data retention turned off' : 'Personal data retention saved',
        );
      },
      onError: (error) => {
        if (!fieldErrorsOf(error).days) toast.error(errorMessage(error));
      },
    }),
  );
  const current = update.data ?? initial;

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = days.trim();
    if (text !== '' && !/^\d+$/.test(text)) {
      setLocalError('Enter a whole number of days, or leave it empty to turn erasure off');
      return;
    }
    setLocalError(undefined);
    update.submit({ questionnaireId, days: text === '' ? null : Number(text), editVersion });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Personal data retention" className="mt-6">
      <Card
        title="Personal data retention"
        description="Erase participants' personal data (phone numbers, e-mail, IRN, external reference) a number of days after their last activity. Results stay, anonymised."
      >
        <div className="space-y-3">
          <TextField
            label="Erase after (days without activity)"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={localError ?? fieldErrorsOf(update.error).days}
            hint="Empty: off, personal data is kept until a participant is erased by hand."
            inputMode="numeric"
            autoComplete="off"
            className="max-w-xs"
          />
          <p className="text-sm text-slate-600" role="status">
            {current.days === null
              ? 'Off: no participant will be erased.'
              : `The next run erases ${current.dueCount} ${current.dueCount === 1 ? 'participant' : 'participants'} inactive for more than ${current.days} days.`}
          </p>
          <div className="flex justify-end">
            <Button type="submit" loading={update.busy}>
              Save retention
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
