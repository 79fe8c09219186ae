// The questionnaire overview as pictures: empty states that say what to do next, and charts with the same
// figures as tables for screen readers once participants, outcomes and results exist.
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';

test('an empty questionnaire shows what to do next instead of charts', async ({ page, questionnaire }) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}`);
  await expect(page.getByText('Nobody enrolled in the last 30 days')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an API key' })).toBeVisible();
  await expect(page.getByText('No participants yet')).toBeVisible();
  await expect(page.getByText('No results yet')).toBeVisible();
  await expect(page.getByText('No webhook deliveries in the last 24 hours')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up the webhook' })).toBeVisible();
  await expect(page.getByTestId('overview-chart')).toHaveCount(0);
});

test('charts render with data, with a table of the same figures for screen readers', async ({
  page,
  questionnaire,
  apiKey,
}) => {
  const irn = unique('CH').replace(/\s+/g, '-');
  const ids: string[] = [];
  for (const suffix of ['a', 'b', 'c']) {
    const created = await createParticipantViaApi(page.request, apiKey.key, {
      project_uuid: questionnaire.id,
      interview_ref_num: `${irn}-${suffix}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ids.push(created.body.participant_uuid);
  }
  const outcome = await page.request.put(`/questionnaire/v1/participant/${ids[0]}`, {
    headers: { Authorization: apiKey.key, 'Content-Type': 'application/json' },
    data: { outcome: 'COMPLETED' },
  });
  expect(outcome.status()).toBe(200);

  const overview = `/admin/questionnaires/${questionnaire.id}`;
  // The charts come with the page's HTML, drawn on the server: nothing is left to draw once it has loaded.
  const html = await (await page.request.get(overview)).text();
  expect(html.match(/data-testid="overview-chart"/g)).toHaveLength(2);
  expect(html).toContain('title="COMPLETED: 1"');

  await page.goto(overview);
  await expect(page.getByText('3 enrolled in the last 30 days, 3 today.')).toBeVisible();
  await expect(page.getByText('3 participants by their current outcome.')).toBeVisible();
  const charts = page.getByTestId('overview-chart');
  await expect(charts).toHaveCount(2);
  // Each bar is as long as its figure: the outcome chart's bars 2 and 1, so one twice the other.
  const barWidth = async (title: string) =>
    (await charts.nth(1).getByTitle(title).locator('[data-bar]').boundingBox())!.width;
  const none = await barWidth('No outcome yet: 2');
  const completed = await barWidth('COMPLETED: 1');
  expect(none).toBeGreaterThan(0);
  expect(completed * 2).toBeCloseTo(none, 0);
  // Today's column names its three enrolments on hover, and its bar reaches the top of the chart (whose
  // highest axis value is 3).
  const today = charts.first().getByTitle(/Enrolled: 3$/);
  await expect(today).toBeVisible();
  const column = (await today.boundingBox())!;
  const bar = (await today.locator('div').boundingBox())!;
  expect(bar.height).toBeGreaterThan(0);
  expect(bar.height).toBeCloseTo(column.height, 0);
  // The pictures are hidden from assistive technology; the tables carry the numbers.
  const outcomes = page.getByRole('table', { name: 'Participants by current outcome' });
  await expect(outcomes.getByRole('row', { name: 'No outcome yet 2' })).toBeAttached();
  await expect(outcomes.getByRole('row', { name: 'COMPLETED 1' })).toBeAttached();
  const perDay = page.getByRole('table', { name: /^Participants enrolled per day \(.+\), last 30 days$/ });
  await expect(perDay.getByRole('row')).toHaveCount(31);
  await expect(page.getByText('No results yet')).toBeVisible();
});

test('past seven outcomes, the chart adds the rest up into one bar; the table lists every one', async ({
  page,
  questionnaire,
  apiKey,
}) => {
  const irn = unique('OT').replace(/\s+/g, '-');
  const outcomes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => `OUTCOME_${letter}`);
  for (const [i, outcome] of outcomes.entries()) {
    const created = await createParticipantViaApi(page.request, apiKey.key, {
      project_uuid: questionnaire.id,
      interview_ref_num: `${irn}-${i}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reported = await page.request.put(
      `/questionnaire/v1/participant/${created.body.participant_uuid}`,
      {
        headers: { Authorization: apiKey.key, 'Content-Type': 'application/json' },
        data: { outcome },
      },
    );
    expect(reported.status()).toBe(200);
  }

  await page.goto(`/admin/questionnaires/${questionnaire.id}`);
  const chart = page.getByTestId('overview-chart').nth(1);
  // Eight outcomes of one participant each (sorted by name when the counts tie): six bars, then the other two.
  for (const outcome of outcomes.slice(0, 6)) await expect(chart.getByTitle(`${outcome}: 1`)).toBeVisible();
  await expect(chart.getByTitle('2 other outcomes: 2')).toBeVisible();
  await expect(chart.getByTitle(/^OUTCOME_[GH]: /)).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Participants by current outcome' });
  for (const outcome of outcomes)
    await expect(table.getByRole('row', { name: `${outcome} 1` })).toBeAttached();
});
