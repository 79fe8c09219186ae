import { Badge } from '@/components/ui/badge';

export function AllowedBadge({
  isAllowed,
  reason,
  erased = false,
}: {
  isAllowed: boolean;
  reason?: 'blocked_number' | 'attempt_limit' | null;
  erased?: boolean;
}) {
  if (erased) return <Badge>Erased</Badge>;
  if (isAllowed) return <Badge tone="green">Allowed</Badge>;
  // In the table the column says "Allowed"; the badge says why not.
  const label =
    reason === 'attempt_limit'
      ? 'Attempt limit reached'
      : reason === 'blocked_number'
        ? 'Blocked number'
        : 'Not allowed';
  return (
    <span title="Not allowed to take the questionnaire">
      <Badge tone="red">{label}</Badge>
    </span>
  );
}

const STATUS_TONES: Record<string, 'green' | 'amber' | 'blue'> = {
  'Result Published': 'green',
  'Attempted - Incomplete': 'amber',
  'Attempted - Partial': 'amber',
};

export function ResultStatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-slate-400">—</span>;
  return (
    <Badge tone={STATUS_TONES[status] ?? 'blue'} wrap>
      {status}
    </Badge>
  );
}
