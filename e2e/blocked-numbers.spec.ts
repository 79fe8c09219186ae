// Call-blocking: a blocked number makes a new participant disallowed, in the API response and in the table.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test('blocking a number disallows a new participant with it', async ({ page, questionnaire, apiKey }) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/blocked-numbers`);
  await expect(page.getByText('No blocked numbers')).toBeVisible();

  await page.getByLabel('Phone number to block').fill('not a phone');
  await page.getByRole('button', { name: 'Block number' }).click();
  const field = page.getByLabel('Phone number to block');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('form', { name: 'Block a number' })).toContainText(
    '"not a phone" is not a phone number we can read',
  );

  await page.getByLabel('Phone number to block').fill('+44 20 7946 0123');
  await page.getByRole('button', { name: 'Block number' }).click();
  await expect(page.getByText('+44 20 7946 0123 blocked')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Blocked numbers' })).toContainText('+44 20 7946 0123');

  const irn = unique('B').replace(/\s+/g, '-');
  const blocked = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: irn,
    phone_number1: '+442079460123',
  });
  expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
  expect(blocked.body.is_participant_allowed).toBe(false);
  const fine = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaire.id,
    interview_ref_num: `${irn}-fine`,
    phone_number1: '+442079460124',
  });
  expect(fine.body.is_participant_allowed).toBe(true);

  await page.getByRole('link', { name: 'Participants' }).click();
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table.getByRole('row', { name: new RegExp(`^${irn} `) })).toContainText('Blocked number');
  await page.getByLabel('Allowed', { exact: true }).selectOption('Not allowed');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(irn);
  await expect(table).not.toContainText(`${irn}-fine`);
});

test('a pasted list is all or nothing, with a message for each unreadable line', async ({
  page,
  questionnaire,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/blocked-numbers`);
  const list = page.getByLabel('Numbers to block');
  await list.fill('+1 212 555 0100\nnonsense\n+1 212 555 0101');
  await page.getByRole('button', { name: 'Block all' }).click();
  const problems = page.getByRole('list', { name: 'Lines that could not be read' });
  await expect(problems).toContainText('Line 2: "nonsense" is not a phone number we can read');
  await expect(page.getByText('No blocked numbers')).toBeVisible();

  await list.fill('+1 212 555 0100\n+1 212 555 0101, +1 212 555 0100');
  await page.getByRole('button', { name: 'Block all' }).click();
  await expect(page.getByText('2 numbers blocked, 1 already blocked or repeated')).toBeVisible();
  const blocked = page.getByRole('list', { name: 'Blocked numbers' });
  await expect(blocked.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Unblock +1 212 555 0100' }).click();
  await expect(page.getByText('Number unblocked')).toBeVisible();
  await expect(blocked.getByRole('listitem')).toHaveCount(1);
});
