// Personal data retention on the questionnaire settings page: off by default, a bad value named next to the
// field, a saved value sticks and says how many participants the next run erases, and it can be turned off.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test('personal data retention: off by default, set with its next-run count, then off again', async ({
  page,
  questionnaire,
  apiKey,
}) => {
  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: unique('RET').replace(/\s+/g, '-'),
    email: 'retention@example.com',
  });
  expect(created.status).toBe(200);
  await page.goto(`/admin/questionnaires/${questionnaire.id}/settings`);
  const form = page.getByRole('form', { name: 'Personal data retention' });
  const days = form.getByLabel('Erase after (days without activity)');
  await expect(days).toHaveValue('');
  await expect(form.getByText('Off: no participant will be erased.')).toBeVisible();

  await days.fill('0');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(form.getByText('Keep personal data at least 1 day')).toBeVisible();
  await expect(days).toHaveAttribute('aria-invalid', 'true');

  await days.fill('30');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('Personal data retention saved')).toBeVisible();
  // The participant enrolled a moment ago is active: nobody is due yet.
  await expect(
    form.getByText('The next run erases 0 participants inactive for more than 30 days.'),
  ).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Personal data retention' }).getByLabel(/Erase after/),
  ).toHaveValue('30');

  await days.fill('');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('Personal data retention turned off')).toBeVisible();
  await expect(form.getByText('Off: no participant will be erased.')).toBeVisible();
});
