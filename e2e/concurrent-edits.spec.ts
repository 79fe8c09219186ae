// Two tabs on a form that saves a whole record (two browser contexts, as two tabs or two Admins are): tab A
// saves a change, then tab B, opened before it, saves its own. Tab B is refused with a message naming what
// changed, tab A's change stays, and after a reload tab B saves.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';

const changed = (thing: string, fields: string) =>
  `This ${thing} was changed by someone else since you opened it (${fields}). Reload to see the changes.`;

const opened: BrowserContext[] = [];

/** Two signed-in browser contexts, each with the page at `path` open; closed after the test. */
async function twoTabs(browser: Browser, storageState: string, path: string): Promise<[Page, Page]> {
  const tabs: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ storageState });
    opened.push(context);
    const tab = await context.newPage();
    await tab.goto(path);
    tabs.push(tab);
  }
  return [tabs[0]!, tabs[1]!];
}

test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

test('Settings in two tabs: the stale save is refused, naming what changed, and the rename stays', async ({
  browser,
  adminStorageState,
  adminApi,
  questionnaire,
}) => {
  const [tabA, tabB] = await twoTabs(
    browser,
    adminStorageState,
    `/admin/questionnaires/${questionnaire.id}/settings`,
  );
  await expect(tabB.getByLabel('Name', { exact: true })).toHaveValue(questionnaire.name);

  const renamed = unique('Renamed in tab A');
  await tabA.getByLabel('Name', { exact: true }).fill(renamed);
  await tabA.getByRole('button', { name: 'Save settings' }).click();
  await expect(tabA.getByText('Settings saved')).toBeVisible();

  await tabB.getByLabel('Attempt limit').fill('5');
  await tabB.getByRole('button', { name: 'Save settings' }).click();
  const form = tabB.getByRole('form', { name: 'Questionnaire settings' });
  await expect(form.getByRole('alert')).toHaveText(changed('questionnaire', 'name'));
  await expect(tabB.getByText('Settings saved')).toHaveCount(0);
  const stored = await adminApi.query<{ name: string; attemptLimit: number | null }>('questionnaire.get', {
    questionnaireId: questionnaire.id,
  });
  expect(stored).toMatchObject({ name: renamed, attemptLimit: null });

  // Reloaded, tab B shows the rename and its own change saves.
  await tabB.reload();
  await expect(tabB.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await tabB.getByLabel('Attempt limit').fill('5');
  await tabB.getByRole('button', { name: 'Save settings' }).click();
  await expect(tabB.getByText('Settings saved')).toBeVisible();
  const saved = await adminApi.query<{ name: string; attemptLimit: number | null }>('questionnaire.get', {
    questionnaireId: questionnaire.id,
  });
  expect(saved).toMatchObject({ name: renamed, attemptLimit: 5 });
});

test('webhook settings in two tabs: the stale save is refused, naming the URL changed meanwhile', async ({
  browser,
  adminStorageState,
  adminApi,
  questionnaire,
  webhookReceiver,
}) => {
  await adminApi.mutation('webhook.configure', {
    questionnaireId: questionnaire.id,
    url: webhookReceiver.url,
  });
  const [tabA, tabB] = await twoTabs(
    browser,
    adminStorageState,
    `/admin/questionnaires/${questionnaire.id}/webhooks`,
  );
  const moved = `${webhookReceiver.url}/moved`;
  await tabA.getByLabel('Webhook URL').fill(moved);
  await tabA.getByRole('button', { name: 'Save settings' }).click();
  await expect(tabA.getByText('Webhook settings saved')).toBeVisible();

  await tabB.getByLabel('Static header').check();
  await tabB.getByLabel('Header name').fill('X-Api-Key');
  await tabB.getByLabel('Header value').fill('a-value');
  await tabB.getByRole('button', { name: 'Save settings' }).click();
  const form = tabB.getByRole('form', { name: 'Webhook settings' });
  await expect(form.getByRole('alert')).toHaveText(changed('webhook', 'URL'));
  // What tab B typed is still there.
  await expect(tabB.getByLabel('Header name')).toHaveValue('X-Api-Key');
  const stored = await adminApi.query<{ url: string; auth: { type: string } }>('webhook.get', {
    questionnaireId: questionnaire.id,
  });
  expect(stored).toMatchObject({ url: moved, auth: { type: 'none' } });
});
