// Reads a Prometheus text scrape (GET /api/metrics) in tests.

/** The value of one sample line, e.g. sample(text, 'webhook_outbox_pending'), or undefined if absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present: Record<string, string | undefined> = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => present[k] === v)) return Number(match[3]);
  }
  return undefined;
}
