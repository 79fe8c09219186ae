// The headers Next.js adds to a response from next.config.js's `headers()` rules, decided by Next.js's own
// matchers (path pattern and `has`/`missing` conditions): what the App Router route's answers carry in
// production, for tests that compare the fast door's headers with Next's without building the app.
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import type { HeaderRule } from '@/server/platform/http/security-headers.js';

export async function nextConfigRules(): Promise<HeaderRule[]> {
  const config = (await import(pathToFileURL(path.resolve('next.config.js')).href)) as {
    default: { headers: () => Promise<HeaderRule[]> };
  };
  return config.default.headers();
}

/** The headers Next.js sets for a request to `pathname` with these headers, by name (lower case). */
export function nextHeadersFor(
  rules: HeaderRule[],
  pathname: string,
  headers: IncomingHttpHeaders,
): Record<string, string> {
  const set: Record<string, string> = {};
  for (const rule of rules) {
    if (getPathMatch(rule.source)(pathname) === false) continue;
    // matchHas reads only `headers` of the request for header conditions.
    const req = { headers } as unknown as Parameters<typeof matchHas>[0];
    if (matchHas(req, {}, rule.has as never, rule.missing as never) === false) continue;
    for (const { key, value } of rule.headers) set[key.toLowerCase()] = value;
  }
  return set;
}
