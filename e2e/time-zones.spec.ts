// One rule for times (components/ui/time.tsx): the Admin's own time zone (the browser's), named, with UTC on hover,
// on the overview's charts, in the audit log and in the webhook delivery log. Two zones far from UTC and from
// each other, one of them half an hour off, so a time shown in UTC or in the wrong zone cannot pass.
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

/** The wall-clock "HH:MM" of an instant in a zone, as en-GB writes it. */
const wallClock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );

/** A <time> shows the zone's wall clock (not UTC's), and its hover title is the same instant in UTC. */
async function expectZonedTime(time: Locator, timeZone: string) {
  const iso = await time.getAttribute('datetime');
  expect(iso).toBeTruthy();
  const local = wallClock(iso!, timeZone);
  expect(local).not.toBe(wallClock(iso!, 'UTC'));
  await expect(time).toContainText(local);
  await expect(time).toHaveAttribute('title', new RegExp(` ${iso!.slice(11, 19)} UTC$`));
}

const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

// Chromium names Kolkata by its older IANA name, Asia/Calcutta: the pages name it as IANA does today.
const ZONES = [
  { timezoneId: 'Asia/Kolkata', browserSays: 'Asia/Calcutta' },
  { timezoneId: 'America/Los_Angeles', browserSays: 'America/Los_Angeles' },
];

for (const { timezoneId, browserSays } of ZONES) {
  test.describe(`an Admin in ${timezoneId}`, () => {
    test.use({ timezoneId, locale: 'en-GB' });

    test('sees the overview, the audit log and the delivery log in their own zone, named, UTC on hover', async ({
      page,
      adminApi,
      questionnaire,
      apiKey,
      webhookReceiver,
    }) => {
      const created = await createParticipantViaApi(page.request, apiKey.key, {
        project_uuid: questionnaire.id,
        interview_ref_num: unique('TZ').replace(/\s+/g, '-'),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await adminApi.mutation('webhook.configure', {
        questionnaireId: questionnaire.id,
        url: webhookReceiver.url,
      });
      await adminApi.mutation('webhook.sendTest', { questionnaireId: questionnaire.id });
      await webhookReceiver.waitForDelivery(questionnaire.id, 'Test');
      const base = `/admin/questionnaires/${questionnaire.id}`;

      // The overview: days and hours counted in the zone, and the charts say so.
      await page.goto(base);
      // (Whichever name this Chromium gives; a newer one may already say Asia/Kolkata.)
      expect([browserSays, timezoneId]).toContain(
        await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      );
      const timeZone = timezoneId;
      await expect(
        page.getByText(`1 enrolled in the last 30 days, 1 today. Days in ${timeZone}.`),
      ).toBeVisible();
      const perDay = page.getByRole('table', {
        name: `Participants enrolled per day (${timeZone}), last 30 days`,
      });
      await expect(perDay.getByRole('row').last()).toHaveAccessibleName(`${todayIn(timeZone)} 1`);
      await expect(
        page.getByRole('table', { name: `Webhook deliveries per hour (${timeZone}), last 24 hours` }),
      ).toBeAttached();
      expect(await page.locator('main').innerText()).not.toContain('Calcutta');

      // The audit log: the participant's creation, at the zone's time.
      await page.goto(`${base}/audit`);
      await expect(page.getByText(`Times in ${timeZone}; hover a time for UTC.`)).toBeVisible();
      await expect(page.getByText(`From (${timeZone})`)).toBeVisible();
      const entry = page.getByRole('row').filter({ hasText: 'participant.create' });
      await expect(entry).toHaveCount(1);
      await expectZonedTime(entry.locator('time'), timeZone);

      // The delivery log: the test event, created and accepted at the zone's times.
      await page.goto(`${base}/webhooks`);
      const log = page.getByRole('region', { name: 'Delivery log' });
      await expect(log.getByText(`Times in ${timeZone}; hover a time for UTC.`)).toBeVisible();
      const delivery = page
        .getByRole('table', { name: 'Webhook deliveries' })
        .getByRole('row')
        .filter({ hasText: 'Test event' });
      await expect(delivery.getByText('Delivered')).toBeVisible();
      for (const time of await delivery.locator('time').all()) await expectZonedTime(time, timeZone);
      await expect(delivery.locator('time')).toHaveCount(2);
    });
  });
}

test.describe('an Admin whose zone is UTC', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-GB' });

  test('reads "Times in UTC." where the hover would add nothing', async ({ page, questionnaire }) => {
    await page.goto(`/admin/questionnaires/${questionnaire.id}/audit`);
    await expect(page.getByTestId('time-zone-note')).toHaveText('Times in UTC.');
    await expect(page.getByText('hover a time for UTC')).toHaveCount(0);
  });
});
