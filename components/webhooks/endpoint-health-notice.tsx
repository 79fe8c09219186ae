// The endpoint's delivery health on the webhooks page (server/webhooks/endpoint-health.ts): healthy, or failing
// since … with the last error (deliveries wait for one probe at a time). A disabled endpoint is shown by the
// page's own notice, with its reason and the way to enable it again.
import { Time } from '@/components/ui/time';
import type { WebhookView } from '@/server/webhooks/config';

export function EndpointHealthNotice({ health }: { health: WebhookView['health'] }) {
  if (health.state === 'disabled') return null;
  if (health.state === 'healthy') {
    return (
      <p className="text-sm text-green-800" data-endpoint-state="healthy">
        Endpoint healthy: deliveries are sent as they are published.
      </p>
    );
  }
  return (
    <div
      data-endpoint-state="failing"
      className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="min-w-0 break-words">
        <span className="font-semibold">Endpoint failing</span> since <Time value={health.since} /> (
        {health.consecutiveFailures} failed attempts in a row
        {health.lastError ? `, last error: ${health.lastError}` : ''}). Deliveries wait and are tried one at a
        time until the endpoint answers again; then the backlog is sent. An endpoint that fails every attempt
        for days is disabled.
      </p>
    </div>
  );
}
