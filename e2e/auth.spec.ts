// Sign-in, sign-out and the growing delay after repeated failures.
import { expect, signedOutTest, test } from './fixtures';
import { submitSignInForm, unique } from './fixtures/admin-api';
import { adminCredentials } from './fixtures/credentials';

signedOutTest('an Admin signs in with email and password and signs out again', async ({ page }) => {
  await page.goto('/login');
  // With E2E_ADMIN_TOTP_SECRET, the authenticator code step too.
  await submitSignInForm(page, adminCredentials);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  // The toaster's live region is a status too: find the sign-in page's own message by its text.
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});

signedOutTest('a wrong password is refused with a message next to the form', async ({ page }) => {
  await page.goto('/login');
  // An address with no account: the shared Admin's failure count stays untouched.
  await page.getByLabel('Email').fill(`${unique('nobody').replace(/\W+/g, '-')}@example.com`);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText('Email or password is incorrect');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('Password').fill('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
});

test('repeated wrong passwords lock the account for a growing time', async ({ adminApi, browser }) => {
  // Five sign-ins and the 5 s lock itself: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const email = `${unique('locked').replace(/\W+/g, '-')}@example.com`;
  const invited = await adminApi.mutation<{ temporaryPassword: string }>('adminUser.invite', {
    email,
    access: { kind: 'operator' },
  });
  expect(invited.temporaryPassword.length).toBeGreaterThanOrEqual(20);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/login');
  const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  await page.getByLabel('Email').fill(email);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await page.getByLabel('Password').fill(`wrong guess ${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toHaveText('Email or password is incorrect');
    // The form is ready again before the next try.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  // Locked now: even the right password waits.
  await page.getByLabel('Password').fill(invited.temporaryPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toHaveText(/Too many failed sign-in attempts\. Try again in \d+ seconds?\./);
  await expect(page).toHaveURL(/\/login/);

  // After the first lock (5 s) the right password works: the invitation's, so its first page is the change.
  await page.waitForTimeout(5_500);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await context.close();
});
