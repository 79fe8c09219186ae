// The audit log of all questionnaires (platform operators): each entry names its questionnaire (a link to that
// questionnaire's own log), not its id, and details with long values wrap inside their cell.
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';

test('the log of all questionnaires names them, and long details stay inside the card', async ({
  page,
  adminApi,
  questionnaire,
}) => {
  // A name of 200 characters without a space: the details of its audit entry once ran out of the card.
  const name = `${unique('Long').replace(/\s+/g, '-')}-${'x'.repeat(200)}`.slice(0, 200);
  const created = await adminApi.mutation<{ id: string }>('questionnaire.create', {
    tenantId: questionnaire.tenantId,
    name,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/audit?action=questionnaire.create');
  const row = page
    .getByRole('row')
    .filter({ has: page.locator(`a[href="/admin/questionnaires/${created.id}/audit"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name })).toBeVisible();
  await expect(row.getByRole('cell', { name: created.id, exact: true })).toHaveCount(0);
  const details = row.locator('pre');
  await expect(details).toContainText(name.slice(0, 40));
  const [scrollWidth, clientWidth] = await details.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth, 'the details run out of their cell').toBeLessThanOrEqual(clientWidth);
  const scroller = page.getByRole('table', { name: 'Audit log entries, newest first' }).locator('xpath=..');
  const [tableWidth, frameWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(tableWidth, 'the table is wider than its card').toBeLessThanOrEqual(frameWidth);
});
