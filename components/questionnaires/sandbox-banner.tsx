import { SANDBOX_API_KEY_PREFIX } from '@/server/api-keys/secret';

/**
 * Across the top of every page of a sandbox questionnaire: a small badge beside the name was easy to miss, and
 * a sandbox and a live questionnaire of the same name otherwise look alike.
 */
export function SandboxBanner() {
  return (
    <div
      role="note"
      aria-label="Sandbox questionnaire"
      data-testid="sandbox-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2.5 text-sm text-amber-950"
    >
      <span className="rounded bg-amber-500 px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-white">
        Sandbox
      </span>
      <span className="min-w-0">
        Test data only: its API keys start with{' '}
        <code className="font-semibold">{SANDBOX_API_KEY_PREFIX}</code>, its participants can be given test
        results, and nothing here is live.
      </span>
    </div>
  );
}
