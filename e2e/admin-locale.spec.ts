// An Admin whose browser uses another locale gets the page the server rendered: its numbers are formatted the
// same on both sides (components/ui/format.ts), so hydration keeps the server's HTML instead of failing.
// Arabic (Egypt) writes even a 3 in other digits, so any count on the page would differ.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test.use({ locale: 'ar-EG' });

test('in another locale the overview and the participant list hydrate without an error', async ({
  page,
  questionnaire,
  apiKey,
}) => {
  const irn = unique('LC').replace(/\s+/g, '-');
  for (const suffix of ['a', 'b', 'c']) {
    const created = await createParticipantViaApi(page.request, apiKey.key, {
      project_uuid: questionnaire.id,
      interview_ref_num: `${irn}-${suffix}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  }
  expect(await page.evaluate(() => (3).toLocaleString())).toBe('٣');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/admin/questionnaires/${questionnaire.id}`);
  await expect(page.getByText('3 enrolled in the last 30 days, 3 today.')).toBeVisible();
  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants`);
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
