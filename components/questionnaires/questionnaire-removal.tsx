'use client';
// Removing a questionnaire (platform operators): deleted when it has no participants, archived when it has;
// an archived one says so here and can be restored.
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/components/ui/errors';
import { Time } from '@/components/ui/time';
import { RemoveButton } from '@/components/ui/remove-button';
import { useFormMutation } from '@/components/ui/use-submit-once';

export function QuestionnaireRemoval({ questionnaireId, name }: { questionnaireId: string; name: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.adminUser.me.queryOptions());
  const state = useQuery(trpc.questionnaire.removal.queryOptions({ questionnaireId }));
  const refresh = () => queryClient.invalidateQueries(trpc.questionnaire.pathFilter());
  const remove = useFormMutation(
    trpc.questionnaire.remove.mutationOptions({
      onSuccess: async ({ removal }) => {
        toast.success(
          removal === 'delete' ? `Questionnaire “${name}” deleted` : `Questionnaire “${name}” archived`,
        );
        if (removal === 'delete') router.push('/admin');
        else await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const restore = useFormMutation(
    trpc.questionnaire.restore.mutationOptions({
      onSuccess: async () => {
        toast.success(`Questionnaire “${name}” restored`);
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  if (!me.data?.isOperator || !state.data) return null;
  if (state.data.archivedAt)
    return (
      <Card
        title="Archived"
        description={
          <>
            Archived <Time value={state.data.archivedAt} />.
          </>
        }
      >
        <p className="mb-3 text-sm text-slate-600">
          Hidden from the lists; its API keys are refused. Its participants and results are kept.
        </p>
        <Button onClick={() => restore.submit({ questionnaireId })} loading={restore.busy}>
          Restore questionnaire
        </Button>
      </Card>
    );
  return (
    <Card
      title={state.data.removal === 'delete' ? 'Delete questionnaire' : 'Archive questionnaire'}
      description={
        state.data.removal === 'delete'
          ? 'It has no participants yet, so it can be deleted with its keys, webhook and blocked numbers.'
          : 'It has participants, so it is archived instead of deleted: their data is kept.'
      }
    >
      <RemoveButton
        removal={state.data.removal}
        what="questionnaire"
        name={name}
        archiveMeans="It leaves the lists and its API keys are refused (401 Invalid API key). Participants, results and deliveries are kept, and it can be restored here."
        busy={remove.busy}
        onConfirm={() => remove.submit({ questionnaireId })}
      />
    </Card>
  );
}
