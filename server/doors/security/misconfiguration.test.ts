// OWASP API8 (security misconfiguration): the response headers every page and API sends (from the real
// next.config.js), HSTS over https, no CORS for the token-authenticated REST API, and the CSRF rule of the
// Admin door's state-changing requests.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isSameOriginRequest } from '@/server/admins/csrf';
import { runTimeSecurityHeaders } from '@/server/platform/http/security-headers.js';
import { createRestHandler } from '@/server/doors/rest/handler';
import { BASE } from '@/server/test/rest-harness';

interface HeaderRule {
  source: string;
  has?: { type: string; key: string; value?: string }[];
  headers: { key: string; value: string }[];
}

async function headerRules(): Promise<HeaderRule[]> {
  // Imported by path: next.config.js is plain JavaScript, read by Next.js itself.
  const config = (await import(pathToFileURL(path.resolve('next.config.js')).href)) as {
    default: { headers: () => Promise<HeaderRule[]>; poweredByHeader: boolean };
  };
  return config.default.headers();
}

const headerOf = (rules: HeaderRule[], name: string) =>
  rules.flatMap((r) => r.headers).find((h) => h.key.toLowerCase() === name.toLowerCase())?.value;

describe('security headers', () => {
  const publicBaseUrl = process.env.PUBLIC_BASE_URL;
  afterEach(() => {
    if (publicBaseUrl === undefined) delete process.env.PUBLIC_BASE_URL;
    else process.env.PUBLIC_BASE_URL = publicBaseUrl;
  });

  it('every path gets a Content-Security-Policy that shuts out other origins, framing, plugins and <base>', async () => {
    const rules = await headerRules();
    const everywhere = rules.find((r) => r.source === '/:path*' && !r.has);
    expect(everywhere).toBeDefined();
    const csp = headerOf([everywhere!], 'Content-Security-Policy')!;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'connect-src': "'self'",
    });
    expect(directives['script-src']).toBe("'self' 'unsafe-inline'");
    // Nothing but this origin, anywhere in the policy.
    expect(csp).not.toMatch(/https?:|\*/);
    expect(headerOf([everywhere!], 'X-Frame-Options')).toBe('DENY');
    expect(headerOf([everywhere!], 'X-Content-Type-Options')).toBe('nosniff');
    expect(headerOf([everywhere!], 'Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends no CORS header at all, and no X-Powered-By', async () => {
    const rules = await headerRules();
    expect(rules.flatMap((r) => r.headers).filter((h) => /^access-control-/i.test(h.key))).toEqual([]);
    const config = (await import(pathToFileURL(path.resolve('next.config.js')).href)) as {
      default: { poweredByHeader: boolean };
    };
    expect(config.default.poweredByHeader).toBe(false);
  });

  it('HSTS: for requests a TLS proxy marks as https, and at run time for every request when PUBLIC_BASE_URL is https', async () => {
    // The build's rules do not depend on PUBLIC_BASE_URL (Next.js fixes them when it builds)…
    process.env.PUBLIC_BASE_URL = 'https://assess.example.com';
    const https = await headerRules();
    process.env.PUBLIC_BASE_URL = 'http://localhost:3000';
    expect(await headerRules()).toEqual(https);
    const hsts = https.filter((r) => headerOf([r], 'Strict-Transport-Security'));
    expect(hsts).toEqual([
      expect.objectContaining({ has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }] }),
    ]);
    expect(headerOf(hsts, 'Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    // …the server adds HSTS to every response when it runs with an https PUBLIC_BASE_URL (scripts/start.ts).
    expect(runTimeSecurityHeaders('https://assess.example.com')).toEqual([
      { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    ]);
    expect(runTimeSecurityHeaders('http://localhost:3000')).toEqual([]);
  });

  it('the REST API answers a CORS preflight with 405 and no Access-Control-Allow-* header', async () => {
    const handler = createRestHandler({
      db: () => {
        throw new Error('an OPTIONS request must not need the database');
      },
    });
    const res = await handler(
      new Request(`${BASE}/v1/participant`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
    );
    expect(res.status).toBe(405);
    expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
  });
});

describe('CSRF rule of the Admin door', () => {
  const options = { publicBaseUrl: 'https://admin.example.com', trustProxy: false };
  const post = (headers: Record<string, string>, url = 'https://admin.example.com/api/trpc/apiKey.delete') =>
    new Request(url, { method: 'POST', headers });

  it('admits same-origin browser requests', () => {
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'same-origin' }), options)).toBe(true);
    expect(isSameOriginRequest(post({ origin: 'https://admin.example.com' }), options)).toBe(true);
    // The request's own origin (e.g. reached at another host name) counts too.
    expect(
      isSameOriginRequest(
        post({ origin: 'http://10.0.0.5:3000' }, 'http://10.0.0.5:3000/api/trpc/x'),
        options,
      ),
    ).toBe(true);
  });

  it('refuses requests another site made the browser send, whatever the Origin says', () => {
    for (const site of ['cross-site', 'same-site', 'none'])
      expect(
        isSameOriginRequest(post({ 'sec-fetch-site': site, origin: 'https://admin.example.com' }), options),
      ).toBe(false);
    for (const origin of [
      'https://evil.example',
      'null',
      'https://admin.example.com.evil.example',
      'http://admin.example.com',
    ])
      expect(isSameOriginRequest(post({ origin }), options)).toBe(false);
  });

  it('lets safe methods and non-browser clients (no Origin, no Sec-Fetch-Site) through', () => {
    expect(
      isSameOriginRequest(
        new Request('https://admin.example.com/api/trpc/x', { headers: { 'sec-fetch-site': 'cross-site' } }),
        options,
      ),
    ).toBe(true);
    expect(isSameOriginRequest(post({}), options)).toBe(true);
  });

  it('believes X-Forwarded-Host only behind a trusted proxy', () => {
    const behindProxy = post(
      {
        origin: 'https://public.example.com',
        'x-forwarded-host': 'public.example.com',
        'x-forwarded-proto': 'https',
      },
      'http://internal:3000/api/trpc/x',
    );
    expect(isSameOriginRequest(behindProxy, options)).toBe(false);
    expect(isSameOriginRequest(behindProxy, { ...options, trustProxy: true })).toBe(true);
  });
});
