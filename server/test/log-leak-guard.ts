// Vitest setup of every test file: the server's log lines are captured (not printed) and, for the suites of
// the REST door, the machine doors (result ingestion, cron flush, metrics) and webhooks, searched after the
// file's tests for every secret the tests used: each Authorization header value and each credential or
// personal field of the request bodies they sent (recorded by a Request subclass), plus anything shaped like
// one of our keys, a webhook secret, a bearer token, an e-mail address or a phone number. A leak fails the
// file, naming the secret's kind and the line.
import { afterAll, beforeAll, expect } from 'vitest';
import { redirectLogs } from '@/server/platform/observability/logger';
import { findLeaks, rememberSecretsOfRequest, secretsUsed } from './secret-scan';

/** The suites whose logs are searched (all suites have their logs captured). */
const GUARDED =
  /\/server\/(doors|webhooks|platform\/observability|participants|api-keys|results|audit|imports|admins)\/|\/scripts\/cli\//;

const NativeRequest = globalThis.Request;
class RecordingRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    rememberSecretsOfRequest(this.headers, init?.body);
  }
}
globalThis.Request = RecordingRequest;

const lines: string[] = [];
let restore: (() => void) | undefined;

beforeAll(() => {
  restore = redirectLogs((line) => lines.push(line));
});

afterAll(() => {
  restore?.();
  if (process.env.PRINT_TEST_LOGS === 'true') process.stdout.write(lines.join(''));
  if (!GUARDED.test(expect.getState().testPath ?? '')) return;
  const leaks = findLeaks(lines, secretsUsed());
  if (leaks.length) {
    throw new Error(
      `Secrets in the logs of ${expect.getState().testPath}:\n${leaks.map((l) => `  ${l.kind}: ${l.line}`).join('\n')}`,
    );
  }
});
