// Signing in with a hostile ?callbackUrl= lands on a page of this site: a browser reads "/%09/evil.test/x" as
// http://evil.test/x, and a "%0a" must not make /login answer 500.
import { expect, signedOutTest, test } from './fixtures';
import { submitSignInForm } from './fixtures/admin-api';
import { adminCredentials } from './fixtures/credentials';

const HOSTILE = [
  '/%09/evil.test/x',
  '//evil.test/x',
  '/%5Cevil.test/x',
  'https://evil.test/x',
  '/.//evil.test/x',
];

signedOutTest(
  'signing in with a hostile callbackUrl lands on the Admin app of this site',
  async ({ page, baseURL }) => {
    await page.goto(`/login?callbackUrl=${HOSTILE[0]}`);
    await submitSignInForm(page, adminCredentials);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
);

signedOutTest(
  '/login answers every odd callbackUrl with the sign-in page, never a 5xx',
  async ({ request }) => {
    for (const value of [...HOSTILE, '%0a', '%0d', '/admin%0d%0aSet-Cookie:%20a=b', '%00'])
      expect((await request.get(`/login?callbackUrl=${value}`)).status(), value).toBe(200);
  },
);

test('a signed-in Admin sent to /login with a hostile callbackUrl is redirected within this site', async ({
  request,
}) => {
  for (const value of [...HOSTILE, '%0a']) {
    const answer = await request.get(`/login?callbackUrl=${value}`, { maxRedirects: 0 });
    expect(answer.status(), value).toBe(307);
    expect(answer.headers().location, value).toBe('/admin');
  }
  const kept = await request.get('/login?callbackUrl=/admin/account', { maxRedirects: 0 });
  expect(kept.headers().location).toBe('/admin/account');
});
