'use client';
// Removing the questionnaire's webhook endpoint: deleted when it never had a delivery, archived (disabled,
// its delivery log kept) when it had; archived endpoints are listed with a way back.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/components/ui/errors';
import { Time } from '@/components/ui/time';
import { RemoveButton } from '@/components/ui/remove-button';
import { useFormMutation } from '@/components/ui/use-submit-once';

export function WebhookRemoval({
  questionnaireId,
  webhook,
}: {
  questionnaireId: string;
  webhook: { id: string; url: string } | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.webhook.removal.queryOptions({ questionnaireId }));
  const refresh = () => queryClient.invalidateQueries(trpc.webhook.pathFilter());
  const remove = useFormMutation(
    trpc.webhook.remove.mutationOptions({
      onSuccess: async ({ removal }) => {
        toast.success(removal === 'delete' ? 'Webhook endpoint deleted' : 'Webhook endpoint archived');
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const restore = useFormMutation(
    trpc.webhook.restore.mutationOptions({
      onSuccess: async () => {
        toast.success('Webhook endpoint restored, disabled: enable it to send');
        await refresh();
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  if (!state.data) return null;
  const { current, archived } = state.data;
  if (!(webhook && current) && archived.length === 0) return null;
  return (
    <Card
      title="Remove the endpoint"
      description="An endpoint that never received a delivery is deleted; one with deliveries is archived: it sends nothing more, its delivery log is kept, and it can be restored."
    >
      <div className="space-y-4">
        {webhook && current && (
          <RemoveButton
            removal={current}
            what="webhook endpoint"
            name={webhook.url}
            archiveMeans="It has deliveries, so it is archived: it sends nothing more (waiting deliveries stay queued), its delivery log is kept, and a new endpoint can be set up. It can be restored here while no other endpoint is set up."
            busy={remove.busy}
            onConfirm={() => remove.submit({ questionnaireId, webhookId: webhook.id })}
          />
        )}
        {archived.length > 0 && (
          <ul aria-label="Archived endpoints" className="divide-y divide-slate-100">
            {archived.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all text-sm text-slate-700">
                  {w.url}
                  {w.archivedAt && (
                    <span className="block text-xs text-slate-500">
                      archived <Time value={w.archivedAt} />
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={webhook !== null}
                  title={webhook ? 'Remove the current endpoint first' : undefined}
                  loading={restore.busy && restore.variables?.webhookId === w.id}
                  onClick={() => restore.submit({ questionnaireId, webhookId: w.id })}
                  aria-label={`Restore webhook endpoint ${w.url}`}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
