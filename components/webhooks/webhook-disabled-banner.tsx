'use client';
// On the questionnaire's overview: a disabled webhook (by an Admin, a 410 Gone, or days of failures) is said
// where an Admin looks first, with the way to the recovery on the webhooks page.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/components/providers/trpc-provider';
import { Time } from '@/components/ui/time';

export function WebhookDisabledBanner({ questionnaireId }: { questionnaireId: string }) {
  const trpc = useTRPC();
  const webhook = useQuery(trpc.webhook.get.queryOptions({ questionnaireId }));
  if (!webhook.data || webhook.data.active) return null;
  const { disabledAt, disabledReason } = webhook.data;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
    >
      <p className="min-w-0 break-words">
        <span className="font-semibold">Result webhook disabled</span> since <Time value={disabledAt} />
        {disabledReason ? `: ${disabledReason}.` : '.'} Results are not being sent to the customer.
      </p>
      <Link
        href={`/admin/questionnaires/${questionnaireId}/webhooks`}
        className="font-medium text-red-900 underline underline-offset-2"
      >
        Re-enable and send what was missed
      </Link>
    </div>
  );
}
