// No open redirect through ?callbackUrl=: only paths that a browser also reads as this site's are
// followed after sign-in, whatever tricks the value holds, and no value makes the redirect itself fail.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

const SITE = 'https://pais.example';
const FALLBACK = '/admin';

/** Where a browser on SITE goes with this Location (WHATWG URL parsing, as browsers do). */
const landing = (location: string) => new URL(location, `${SITE}/login`);

describe('sameOriginPath', () => {
  // As Next.js hands the query parameter over: percent-decoded (?callbackUrl=/%09/evil.test/x is "/\t/evil.test/x").
  it.each([
    '/\t/evil.test/x',
    '/\n/evil.test',
    '/\r/evil.test',
    '\n',
    '\r',
    '/admin\r\nSet-Cookie: a=b',
    '//evil.test',
    '///evil.test',
    '/\\evil.test',
    '/\\/evil.test',
    '\\\\evil.test',
    '/.//evil.test',
    '/./\\evil.test',
    'https://evil.test/admin',
    'http:evil.test',
    'javascript:alert(1)',
    'data:text/html,hi',
    'evil.test',
    '',
    ' /admin',
    '\u0000/admin',
  ])('refuses %j (the fallback instead)', (value) => {
    expect(sameOriginPath(value, FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    ['/admin', '/admin'],
    ['/admin/questionnaires/1?tab=keys#top', '/admin/questionnaires/1?tab=keys#top'],
    ['/admin/../admin/account', '/admin/account'],
    ['/admin/%2F%2Fevil.test', '/admin/%2F%2Fevil.test'],
    ['/%09/evil.test/x', '/%09/evil.test/x'],
    ['/admin/participants?q=a b', '/admin/participants?q=a%20b'],
    ['/admin/ünïcode', '/admin/%C3%BCn%C3%AFcode'],
  ])('keeps the path %j (normalised to %j)', (value, expected) => {
    expect(sameOriginPath(value, FALLBACK)).toBe(expected);
  });

  it('takes the first of repeated parameters and refuses anything that is not a string', () => {
    expect(sameOriginPath(['/admin/account', '//evil.test'], FALLBACK)).toBe('/admin/account');
    expect(sameOriginPath(undefined, FALLBACK)).toBe(FALLBACK);
    expect(sameOriginPath(42, FALLBACK)).toBe(FALLBACK);
  });

  it('whatever the value, a browser following the answer stays on this site, and it is a valid header', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc
        .array(
          fc.constantFrom('/', '\\', '.', '\t', '\n', '%09', '%2f', 'evil.test', ':', '@', '?', '#', 'a'),
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(value, (input) => {
        const path = sameOriginPath(input, FALLBACK);
        expect(landing(path).origin).toBe(SITE);
        expect(() => new Headers({ location: path })).not.toThrow();
        expect(path).toMatch(/^\/[^/\\]?/);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('next-auth’s redirect after sign-in and sign-out', () => {
  const redirect = async (url: string) => {
    const { buildAuthOptions } = await import('@/server/admins/options');
    const options = buildAuthOptions({ current: 'x'.repeat(32), previous: [], rotatedAt: null });
    return options.callbacks!.redirect!({ url, baseUrl: SITE });
  };

  it('follows this site’s paths and absolute URLs, and nothing a browser would read as another site', async () => {
    expect(await redirect('/login?signedOut=1')).toBe(`${SITE}/login?signedOut=1`);
    expect(await redirect(`${SITE}/admin/account`)).toBe(`${SITE}/admin/account`);
    for (const hostile of [
      '/\t/evil.test/x',
      '/\n',
      '//evil.test',
      'https://evil.test/',
      `${SITE}.evil.test/`,
    ])
      expect(await redirect(hostile)).toBe(`${SITE}/admin`);
  });
});
