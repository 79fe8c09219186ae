// axe-core over every page of the service: no serious or critical violation (WCAG 2.1 A/AA rules and best
// practices), signed out and signed in, with data on the page.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signedOutTest, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';
import { localReceiverUnavailable, localReceiverUrl } from './fixtures/local-receiver';

/** The serious and critical violations axe finds on one page. */
async function seriousViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
}

/** Every page is checked before the test fails, so one run lists everything to fix. */
async function expectNoSeriousViolations(page: Page, paths: string[]) {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    const violations = await seriousViolations(page, path);
    if (violations.length) found[path] = violations;
  }
  expect(found, JSON.stringify(found, null, 2)).toEqual({});
}

/** The current page's violations of rules of lesser impact that it was fixed for and must stay fixed for. */
async function violationsOf(page: Page, rules: string[]) {
  const { violations } = await new AxeBuilder({ page }).withRules(rules).analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

signedOutTest('signed-out pages: sign-in, webhook docs, API docs', async ({ page }) => {
  signedOutTest.setTimeout(120_000);
  await expectNoSeriousViolations(page, [
    '/login',
    '/login?error=SsoNotInvited',
    '/docs',
    '/docs/webhooks',
    '/questionnaire/v1/docs',
  ]);
  // Moderate for axe, but a screen reader's outline of the page: every part in a landmark, no skipped level.
  await page.goto('/questionnaire/v1/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await violationsOf(page, ['heading-order', 'region'])).toEqual([]);
  // An operation opened adds headings of its own: still in order.
  await page.locator('.opblock-summary').first().click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  expect(await violationsOf(page, ['heading-order', 'region'])).toEqual([]);
});

// One test per width: each visits every page and runs axe on it, which on a busy machine takes minutes.
for (const width of [1440, 390]) {
  test(`every Admin page, with data, at ${width} px`, async ({ page, adminApi, questionnaire, apiKey }) => {
    test.setTimeout(300_000);
    const created = await createParticipantViaApi(page.request, apiKey.key, {
      project_uuid: questionnaire.id,
      interview_ref_num: unique('AX').replace(/\s+/g, '-'),
      email: 'axe@example.com',
      phone_number1: '+1 415 555 0199',
    });
    expect(created.status).toBe(200);
    // A result whose delivery fails (nothing listens there): the participant page lists it with its error.
    if (localReceiverUnavailable === null) {
      await adminApi.mutation('webhook.configure', {
        questionnaireId: questionnaire.id,
        url: localReceiverUrl(4519),
      });
      await adminApi.mutation('webhook.publishResult', {
        questionnaireId: questionnaire.id,
        participantId: created.body.participant_uuid,
        status: 'Result Published',
        questions_risk_rating: [{ sequence: '1', risk_level: 'HR', text: 'Question' }],
        overall_evaluation: 'HR',
        is_admission: false,
        is_counter_measure: false,
        is_not_complete: false,
      });
    }
    const q = `/admin/questionnaires/${questionnaire.id}`;
    const pages = [
      '/admin',
      '/admin/questionnaires/new',
      '/admin/tenants',
      '/admin/admins',
      '/admin/audit',
      '/admin/account',
      q,
      `${q}/participants`,
      `${q}/participants/${created.body.participant_uuid}`,
      `${q}/participants/import`,
      `${q}/api-keys`,
      `${q}/blocked-numbers`,
      `${q}/webhooks`,
      `${q}/settings`,
      `${q}/audit`,
      '/admin/questionnaires/00000000-0000-4000-8000-000000000000',
      new URL(created.body.particpant_guide_link).pathname,
    ];
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousViolations(page, pages);
    // The participant's deliveries table was on the page axe read (a wide table nothing in can take focus).
    if (localReceiverUnavailable === null) {
      await page.goto(`${q}/participants/${created.body.participant_uuid}`);
      await expect(page.getByRole('table', { name: 'Webhook deliveries' }).getByRole('row')).toHaveCount(2);
      const { violations } = await new AxeBuilder({ page })
        .withRules(['scrollable-region-focusable'])
        .analyze();
      expect(violations).toEqual([]);
    }
    // A key's request log (the API keys page's detail view).
    {
      await page.goto(`${q}/api-keys`);
      await page
        .getByRole('button', { name: /^Actions for key / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Requests' }).click();
      await expect(page.getByTestId('key-activity')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    }
  });
}
