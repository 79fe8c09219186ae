// The fast door's security headers are the ones Next.js adds from next.config.js (decided by Next.js's own
// matchers, server/test/next-config-headers.ts), a rule it cannot evaluate stops the start, and HSTS for an
// https PUBLIC_BASE_URL is decided when the server runs.
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { nextConfigRules, nextHeadersFor } from '@/server/test/next-config-headers';
import { createSecurityHeaders, loadSecurityHeaders, UnsupportedHeaderRuleError } from './header-rules';
import { HSTS, SECURITY_HEADERS } from './security-headers.js';

const asRecord = (headers: [string, string][]) =>
  Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));

const requests: IncomingHttpHeaders[] = [
  {},
  { 'x-forwarded-proto': 'https' },
  { 'x-forwarded-proto': 'http' },
  { 'x-forwarded-proto': 'HTTPS' },
  { 'x-forwarded-proto': 'https, http' },
  { 'x-forwarded-proto': 'httpsx' },
  { 'x-forwarded-proto': '' },
];

describe('the security headers of the fast door', () => {
  it('are, for every request, the ones Next.js adds from next.config.js', async () => {
    const rules = await nextConfigRules();
    const securityHeaders = await loadSecurityHeaders('http://localhost:3000');
    for (const headers of requests)
      expect(asRecord(securityHeaders({ headers })), JSON.stringify(headers)).toEqual(
        nextHeadersFor(rules, '/questionnaire/v1/participant', headers),
      );
    // Not vacuous: the policy, and HSTS only where a proxy says https.
    expect(asRecord(securityHeaders({ headers: {} }))['content-security-policy']).toBe(
      SECURITY_HEADERS[0]!.value,
    );
    expect(asRecord(securityHeaders({ headers: {} }))['strict-transport-security']).toBeUndefined();
    expect(
      asRecord(securityHeaders({ headers: { 'x-forwarded-proto': 'https' } }))['strict-transport-security'],
    ).toBe(HSTS.value);
  });

  it('a regex in a `has` value is matched the way Next.js matches it', () => {
    const rule = {
      source: '/:path*',
      has: [{ type: 'header', key: 'X-Tenant', value: '(?:a|b)\\d+' }],
      headers: [{ key: 'X-Matched', value: 'yes' }],
    };
    const securityHeaders = createSecurityHeaders([rule], 'http://localhost');
    for (const value of ['a1', 'b22', 'c1', 'a1x', 'xa1', ''])
      expect(asRecord(securityHeaders({ headers: { 'x-tenant': value } })), value).toEqual(
        nextHeadersFor([rule], '/questionnaire/v1/participant', { 'x-tenant': value }),
      );
  });

  it('HSTS on every answer when PUBLIC_BASE_URL is https as the server runs, whatever the build saw', async () => {
    const securityHeaders = await loadSecurityHeaders('https://assess.example.com');
    expect(asRecord(securityHeaders({ headers: {} }))['strict-transport-security']).toBe(HSTS.value);
    expect(
      securityHeaders({ headers: { 'x-forwarded-proto': 'https' } }).filter(([n]) => n === HSTS.key),
    ).toHaveLength(1);
  });

  it.each([
    ['another path', { source: '/admin/:path*', headers: [] }],
    ['a "missing" condition', { source: '/:path*', missing: [{ type: 'header', key: 'x' }], headers: [] }],
    ['a cookie condition', { source: '/:path*', has: [{ type: 'cookie', key: 'x' }], headers: [] }],
    ['a query condition', { source: '/:path*', has: [{ type: 'query', key: 'x' }], headers: [] }],
    ['basePath: false', { source: '/:path*', basePath: false as const, headers: [] }],
  ])('a rule with %s stops the start', (_name, rule) => {
    expect(() => createSecurityHeaders([rule], 'http://localhost')).toThrow(UnsupportedHeaderRuleError);
  });
});
