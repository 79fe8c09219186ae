// A session ended elsewhere (signed out everywhere from another browser) while a form was half typed: the
// save is refused on the page itself, with a message saying what to do, and nothing typed is lost; once
// signed in again (another tab of the same browser), the same form saves. A list refreshing in the
// background meanwhile does not send the page away either.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  inviteOperator,
  signedOutPage,
  signInWithPassword,
  unique,
  type AdminApi,
} from './fixtures/admin-api';

const SESSION_ENDED =
  'Your session ended. Sign in again in another tab, then try again here: what you typed is kept.';
const SESSION_ENDED_NOTICE =
  'Your session ended. Sign in again in another tab; what you typed on this page is kept.';

/** A new operator signed in on a page of their own, and how to sign them out everywhere from another browser. */
async function operatorWithTwoBrowsers(adminApi: AdminApi, browser: Browser) {
  const admin = await inviteOperator(adminApi, browser, 'session');
  const page = await signedOutPage(browser);
  const elsewhere = await signedOutPage(browser);
  await signInWithPassword(page.request, admin);
  await signInWithPassword(elsewhere.request, admin);
  const signOutEverywhere = async () => {
    await elsewhere.goto('/admin/account');
    await elsewhere.getByRole('button', { name: 'Sign out everywhere' }).click();
    await elsewhere.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(elsewhere.getByRole('status')).toHaveText('You were signed out everywhere.');
  };
  return { admin, page, signOutEverywhere };
}

/** Signs in again in another tab of the page's browser (it shares the page's cookies). */
async function signInAgainInAnotherTab(page: Page, admin: { email: string; password: string }) {
  const tab = await page.context().newPage();
  await signInWithPassword(tab.request, admin);
  await tab.close();
}

test('a save refused because the session ended keeps the form, and saves once signed in again', async ({
  adminApi,
  browser,
  questionnaire,
}) => {
  const { admin, page, signOutEverywhere } = await operatorWithTwoBrowsers(adminApi, browser);
  const settings = `/admin/questionnaires/${questionnaire.id}/settings`;
  await page.goto(settings);
  const renamed = unique('Renamed after the session ended');
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByLabel('Attempt limit').fill('3');

  await signOutEverywhere();
  await page.getByRole('button', { name: 'Save settings' }).click();
  const form = page.getByRole('form', { name: 'Questionnaire settings' });
  await expect(form.getByRole('alert')).toHaveText(SESSION_ENDED);
  await expect(page).toHaveURL(new RegExp(`${settings}$`));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await expect(page.getByLabel('Attempt limit')).toHaveValue('3');
  const unchanged = await adminApi.query<{ name: string }>('questionnaire.get', {
    questionnaireId: questionnaire.id,
  });
  expect(unchanged.name).toBe(questionnaire.name);

  await signInAgainInAnotherTab(page, admin);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const saved = await adminApi.query<{ name: string; attemptLimit: number | null }>('questionnaire.get', {
    questionnaireId: questionnaire.id,
  });
  expect(saved).toMatchObject({ name: renamed, attemptLimit: 3 });
});

test('a list refreshing after the session ended leaves a half-typed form on the page', async ({
  adminApi,
  browser,
  questionnaire,
  webhookReceiver,
}) => {
  const { page, signOutEverywhere } = await operatorWithTwoBrowsers(adminApi, browser);
  await adminApi.mutation('webhook.configure', {
    questionnaireId: questionnaire.id,
    url: webhookReceiver.url,
  });
  const webhooks = `/admin/questionnaires/${questionnaire.id}/webhooks`;
  await page.goto(webhooks);
  // The delivery log below the form refreshes itself every few seconds.
  await expect(page.getByText('No deliveries yet')).toBeVisible();
  const typed = `${webhookReceiver.url}?half-typed`;
  await page.getByLabel('Webhook URL').fill(typed);

  await signOutEverywhere();
  await expect(page.getByText(SESSION_ENDED_NOTICE)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${webhooks}$`));
  await expect(page.getByLabel('Webhook URL')).toHaveValue(typed);
});
