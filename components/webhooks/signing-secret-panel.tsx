'use client';
// The Standard Webhooks signing secret: revealed only when asked (each reveal is audited), rotated with the
// previous secret still signing for 24 hours.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage } from '@/components/ui/errors';
import { Time } from '@/components/ui/time';

export function SigningSecretPanel({
  questionnaireId,
  previousSecretExpiresAt,
  justCreatedSecret,
}: {
  questionnaireId: string;
  previousSecretExpiresAt: string | null;
  /** Shown at once after the webhook was created; remount (key) to show a new one. */
  justCreatedSecret: string | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(justCreatedSecret);
  const [confirming, setConfirming] = useState(false);
  const shown = secret;

  const reveal = useFormMutation(
    trpc.webhook.revealSecret.mutationOptions({
      onSuccess: (result) => setSecret(result.secret),
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );
  const rotate = useFormMutation(
    trpc.webhook.rotateSecret.mutationOptions({
      onSuccess: async (result) => {
        setSecret(result.secret);
        setConfirming(false);
        toast.success('Signing secret rotated: the previous one keeps signing for 24 hours');
        await queryClient.invalidateQueries(trpc.webhook.get.queryFilter({ questionnaireId }));
      },
      onError: (error) => toast.error(errorMessage(error)),
    }),
  );

  return (
    <Card
      title="Signing secret"
      description={
        <>
          Every delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
          <code>webhook-signature</code> headers (Standard Webhooks). Verify them with this secret.{' '}
          <a href="/docs/webhooks" className="font-medium text-brand-700 underline">
            How to verify
          </a>
        </>
      }
    >
      <div className="space-y-4">
        {shown ? (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="signing-secret" className="sr-only">
              Signing secret
            </label>
            <input
              id="signing-secret"
              readOnly
              value={shown}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-md border-0 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-inset ring-slate-300"
            />
            <CopyButton value={shown} label="Copy signing secret" size="md" />
            <Button variant="ghost" onClick={() => setSecret(null)}>
              Hide
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <code className="rounded bg-slate-100 px-2 py-1 text-sm text-slate-600">
              whsec_••••••••••••••••
            </code>
            <Button
              variant="secondary"
              onClick={() => reveal.submit({ questionnaireId })}
              loading={reveal.busy}
            >
              Reveal secret
            </Button>
          </div>
        )}
        {previousSecretExpiresAt && (
          <p className="text-sm text-amber-800">
            The previous secret also signs every delivery until <Time value={previousSecretExpiresAt} />.
            Switch your verifier to the new secret before then.
          </p>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Rotate secret
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        tone="primary"
        busy={rotate.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.submit({ questionnaireId })}
      >
        A new secret is created. For 24 hours every delivery is signed with both the new and the current
        secret, so your endpoint keeps verifying while you switch it over.
      </ConfirmDialog>
    </Card>
  );
}
