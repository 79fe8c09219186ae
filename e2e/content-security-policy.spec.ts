// Every page (each Admin page, the sign-in page, the developer docs and the Swagger UI
// reference) answers with a Content-Security-Policy whose scripts need this request's nonce ('unsafe-inline'
// nowhere in script-src), and the browser reports no violation of it while the page loads and runs; Swagger UI
// still draws the API reference.
import type { Page, Response } from '@playwright/test';
import { createParticipantViaApi } from './fixtures/admin-api';
import { adminPagePaths } from './fixtures/admin-pages';
import { expect, signedOutTest, test } from './fixtures';

const DOCS_PAGES = ['/docs', '/docs/webhooks', '/questionnaire/v1/docs'];

/** Collects what the browser reports about the policy: console messages and securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  // Added through the DevTools protocol, so the policy under test does not block it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return violations;
}

/** The answer's script-src: this request's nonce, no 'unsafe-inline'. */
function expectNoncePolicy(response: Response | null, path: string) {
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `script-src of ${path}`).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(scriptSrc, `script-src of ${path}`).not.toContain('unsafe-inline');
}

async function visit(page: Page, path: string, violations: string[]) {
  const response = await page.goto(path);
  expectNoncePolicy(response, path);
  await page.waitForLoadState('networkidle');
  expect(violations, `CSP violations on ${path}`).toEqual([]);
}

test('every Admin page and docs page runs its scripts under a nonce policy, with no violation', async ({
  page,
  apiKey,
  questionnaire,
}) => {
  test.setTimeout(120_000);
  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: `CSP-${Date.now()}`,
  });
  expect(created.status).toBe(200);
  const violations = await watchViolations(page);
  for (const path of [...adminPagePaths(questionnaire.id, created.body.participant_uuid), ...DOCS_PAGES])
    await visit(page, path, violations);

  // Each page gets a nonce of its own.
  const nonces = await Promise.all(
    [1, 2].map(async () => (await page.request.get('/admin')).headers()['content-security-policy']),
  );
  expect(nonces[0]).not.toBe(nonces[1]);

  // The scripts did run: the Admin app reacts to a click (client navigation), Swagger UI drew the reference.
  await page.goto(`/admin/questionnaires/${questionnaire.id}`);
  await page.getByRole('link', { name: 'API keys' }).first().click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.goto('/questionnaire/v1/docs');
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(violations).toEqual([]);
});

signedOutTest('the sign-in page runs under a nonce policy, with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await visit(page, '/login', violations);
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeEnabled();
});
