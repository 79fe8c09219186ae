import { Badge } from '@/components/ui/badge';

/** Marks a sandbox questionnaire wherever one is shown, so test traffic is never mistaken for live. */
export function SandboxBadge({ sandbox }: { sandbox: boolean }) {
  if (!sandbox) return null;
  return (
    <span title="Sandbox: pais_test_ keys, test results on demand">
      <Badge tone="amber">Sandbox</Badge>
    </span>
  );
}
