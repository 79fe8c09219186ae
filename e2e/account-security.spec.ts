// Account security as an Admin uses it: two-factor sign-in (enrol, sign in with a code, a recovery code works
// once) and ending sessions (sign out everywhere; an operator ends another Admin's sessions).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inviteOperator, signedOutPage, signInWithPassword } from './fixtures/admin-api';
import { totpAfter, totpNow } from './fixtures/totp';

const ACCOUNT = '/admin/account';
const ON_ACCOUNT = /\/admin\/account$/;

/**
 * Signs in through the form and lands on the Account page, where these tests work, rather than on the form's
 * default /admin, which lists every questionnaire with its figures and so costs more on a deployment full of
 * data (1.1-2.0 s against 0.8-1.1 s with 46 questionnaires and 5,000 participants on a busy machine).
 */
async function signInWithForm(page: Page, who: { email: string; password: string }, code?: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(ACCOUNT)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (code !== undefined) {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
  }
}

/**
 * A sign-in's password check is deliberately slow (scrypt, server/admins/passwords.ts) and the first page render follows it:
 * on a busy CI machine the two together took over the default 10 s once.
 */
const SIGN_IN_MS = 30_000;

test('2FA: enrol, sign out, sign in with a code; a recovery code works once', async ({
  adminApi,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await inviteOperator(adminApi, browser, 'account');
  const page = await signedOutPage(browser);
  await signInWithForm(page, admin);
  await expect(page).toHaveURL(ON_ACCOUNT, { timeout: SIGN_IN_MS });
  // Another browser signed in as the same Admin: turning 2FA on ends it, and keeps this one.
  const elsewhere = await signedOutPage(browser);
  await signInWithPassword(elsewhere.request, admin);

  // Enrolling asks for the password again: a session alone cannot put its own authenticator on the account.
  await page.getByLabel('Your password').fill(admin.password);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('The code is not right, or it was already used')).toBeVisible();
  const enrolment = await totpNow(secret);
  await page.getByLabel('Code from your authenticator app').fill(enrolment.code);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible();
  expect((await elsewhere.request.get('/api/trpc/adminUser.me')).status()).toBe(401);
  expect((await page.request.get('/api/trpc/adminUser.me')).status()).toBe(200);

  // The password alone is no longer enough: the form asks for the code.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await signInWithForm(page, admin);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  // A later step's code: the enrolment used its step's, and no code is accepted twice.
  await page.getByLabel('Authentication code').fill((await totpAfter(secret, enrolment.step)).code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(ON_ACCOUNT, { timeout: SIGN_IN_MS });

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await signInWithForm(page, admin, recoveryCode);
  await expect(page).toHaveURL(ON_ACCOUNT, { timeout: SIGN_IN_MS });
  await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('You have signed out.');
  await signInWithForm(page, admin, recoveryCode);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(
    'The code is not right, or it was already used',
  );
  await expect(page).toHaveURL(/\/login/);
});

test('sign out everywhere ends the other browser at its next request', async ({ adminApi, browser }) => {
  const admin = await inviteOperator(adminApi, browser, 'account');
  const first = await signedOutPage(browser);
  const second = await signedOutPage(browser);
  await signInWithPassword(first.request, admin);
  await signInWithPassword(second.request, admin);
  await second.goto('/admin/account');
  await expect(second.getByRole('heading', { name: 'Account' })).toBeVisible();

  await first.goto('/admin/account');
  await first.getByRole('button', { name: 'Sign out everywhere' }).click();
  await first.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(first.getByRole('status')).toHaveText('You were signed out everywhere.');

  // The other browser is refused: by the Admin door, and by the next page it opens.
  const refused = await second.request.get('/api/trpc/adminUser.me');
  expect(refused.status()).toBe(401);
  await second.goto('/admin');
  await expect(second).toHaveURL(/\/login/);
});

test("an operator ends another Admin's sessions from the Admins page", async ({
  page,
  adminApi,
  browser,
}) => {
  const admin = await inviteOperator(adminApi, browser, 'account');
  const theirs = await signedOutPage(browser);
  await signInWithPassword(theirs.request, admin);
  expect((await theirs.request.get('/api/trpc/adminUser.me')).status()).toBe(200);

  await page.goto('/admin/admins');
  await page.getByRole('button', { name: `End sessions of ${admin.email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End sessions' }).click();
  await expect(page.getByText(`${admin.email} is signed out everywhere`)).toBeVisible();
  expect((await theirs.request.get('/api/trpc/adminUser.me')).status()).toBe(401);
});
