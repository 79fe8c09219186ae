// The first Admin, whose password start-up generated and printed, chooses their own before
// anything else; an Admin about to run out of recovery codes is warned across the Admin app.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { inviteOperator, signedOutPage, signInWithPassword } from './fixtures/admin-api';
import { againstDeployment } from './fixtures/credentials';
import { totpAfter, totpNow } from './fixtures/totp';

/** `npm start` on a new embedded database with no ADMIN_PASSWORD, from the build the suite's server made. */
async function startFreshServer(
  port: number,
): Promise<{ child: ChildProcess; password: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-first-admin-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    // The build the suite's own server runs (scripts/e2e-server.sh), as the other specs that start servers.
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-e2e',
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `pglite:${path.join(dir, 'pglite')}`,
    ADMIN_EMAIL: 'first@example.com',
  };
  delete env.ADMIN_PASSWORD;
  delete env.NEXTAUTH_SECRET;
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The generated password is printed on stderr, never in the JSON log lines of stdout (scripts/start.ts).
  let output = '';
  let errors = '';
  const password = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server: ${output}${errors}`)), 120_000);
    const check = () => {
      const generated = /password: (\S+)/.exec(errors);
      if (generated && output.includes('Listening on')) {
        clearTimeout(timer);
        resolve(generated[1]!);
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      check();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
      check();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}${errors}`)));
  });
  expect(output, 'the password stays out of the log lines').not.toContain(password);
  return { child, password, dir };
}

test('the first Admin with a generated password must choose their own before using the app', async ({
  browser,
}) => {
  test.skip(
    againstDeployment,
    'starts a server of its own on a new database (the first start generates the password): runs only without BASE_URL',
  );
  test.setTimeout(240_000);
  // Past the ports e2e/deployment.spec.ts starts its servers on (E2E_PORT + 4 … + 7), which may run alongside.
  const port = Number(process.env.E2E_PORT ?? 3100) + 8;
  const server = await startFreshServer(port);
  const base = `http://127.0.0.1:${port}`;
  const context = await browser.newContext({ baseURL: base, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('first@example.com');
    await page.getByLabel('Password').fill(server.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // The fresh server's first sign-in (password hashing, first page render) can take over 10 s on a busy machine.
    await expect(page).toHaveURL(/\/change-password$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();

    // Nothing else is reachable meanwhile: pages send the Admin back, the Admin door refuses.
    await page.goto('/admin/tenants');
    await expect(page).toHaveURL(/\/change-password$/);
    const refused = await page.request.get('/api/trpc/tenant.list');
    expect(refused.status()).toBe(403);

    const newPassword = 'my own long passphrase';
    await page.getByLabel('Current password').fill(server.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible();
    expect((await page.request.get('/api/trpc/tenant.list')).status()).toBe(200);

    // The generated password is gone; the new one signs in straight to the app.
    const fresh = await browser.newContext({ baseURL: base, storageState: { cookies: [], origins: [] } });
    const again = await fresh.newPage();
    await again.goto('/login');
    await again.getByLabel('Email').fill('first@example.com');
    await again.getByLabel('Password').fill(newPassword);
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(again).toHaveURL(/\/admin$/);
    await fresh.close();
  } finally {
    await context.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
});

/** Signs in with a password and a code, as the sign-in form's second step does. */
async function signInWithCode(
  request: APIRequestContext,
  who: { email: string; password: string },
  code: string,
) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: who.email, password: who.password, code, json: 'true' },
    maxRedirects: 0,
  });
  const session = (await (await request.get('/api/auth/session')).json()) as { adminId?: string };
  expect(session.adminId, 'sign-in with a code failed').toBeTruthy();
}

test('an Admin with two recovery codes left is warned on every page, with a way to make new ones', async ({
  adminApi,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await inviteOperator(adminApi, browser, 'codes');
  const page = await signedOutPage(browser);
  await signInWithPassword(page.request, admin);
  const post = async <T>(procedure: string, input: unknown) => {
    const response = await page.request.post(`/api/trpc/${procedure}`, { data: input });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { result: { data: T } }).result.data;
  };
  const { secret } = await post<{ secret: string }>('account.startTwoFactor', { password: admin.password });
  const enrolment = await totpNow(secret);
  const { recoveryCodes } = await post<{ recoveryCodes: string[] }>('account.confirmTwoFactor', {
    code: enrolment.code,
  });

  // Seven codes used: three left, no warning yet.
  for (const code of recoveryCodes.slice(0, 7)) await signInWithCode(page.request, admin, code);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible();
  const warning = page.getByRole('region', { name: 'Recovery codes running low' });
  await expect(warning).toHaveCount(0);

  await signInWithCode(page.request, admin, recoveryCodes[7]!);
  await page.goto('/admin');
  await expect(warning).toContainText('Only 2 recovery codes left.');
  await page.goto('/admin/account');
  await expect(warning).toBeVisible();
  await expect(page.getByText('2 of 10 recovery codes left.')).toBeVisible();

  // New codes end the warning.
  await warning.getByRole('link', { name: 'Make new ones on your Account page' }).click();
  await page.getByLabel('Your password').fill(admin.password);
  await page
    .getByLabel('Code from your authenticator app')
    .fill((await totpAfter(secret, enrolment.step)).code);
  await page.getByRole('button', { name: 'New recovery codes' }).click();
  await expect(
    page.getByRole('region', { name: 'Recovery codes', exact: true }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible();
  await expect(warning).toHaveCount(0);
});
