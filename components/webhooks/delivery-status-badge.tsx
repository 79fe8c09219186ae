import type { WebhookDeliveryStatus } from '@/server/generated/prisma/enums.ts';
import { Badge } from '@/components/ui/badge';

const LABELS: Record<WebhookDeliveryStatus, { label: string; tone: 'green' | 'red' | 'amber' | 'neutral' }> =
  {
    succeeded: { label: 'Delivered', tone: 'green' },
    failed: { label: 'Failed', tone: 'red' },
    pending: { label: 'Pending', tone: 'amber' },
    cancelled: { label: 'Cancelled', tone: 'neutral' },
  };

/** A delivery's state; a pending delivery whose last attempt failed says it is waiting to retry. */
export function DeliveryStatusBadge({
  status,
  retrying,
}: {
  status: WebhookDeliveryStatus;
  retrying?: boolean;
}) {
  const known = LABELS[status];
  return <Badge tone={known.tone}>{status === 'pending' && retrying ? 'Retrying' : known.label}</Badge>;
}
