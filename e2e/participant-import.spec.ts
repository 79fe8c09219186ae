// Bulk enrolment in the Admin app: a 1,000-row file with a few bad rows is previewed, imported with a live
// progress bar to 100 %, its results downloaded; the same file a second time creates nobody.
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';

const ROWS = 1_000;
const BAD_ROWS: Record<number, string> = {
  10: 'bad-email@',
  250: '',
  777: 'also bad',
};

/** A downloaded CSV file's lines, without its byte-order mark. */
async function csvLines(download: Download): Promise<string[]> {
  const chunks = (await (await download.createReadStream()).toArray()) as Buffer[];
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

function cohortFile(prefix: string): string {
  const lines = ['Interview_Ref_Num,Email,Language'];
  for (let i = 1; i <= ROWS; i++) {
    const irn = i === 250 ? '' : `${prefix}-${i}`;
    lines.push(`${irn},${BAD_ROWS[i] ?? `p${i}@example.com`},English`);
  }
  return `${lines.join('\n')}\n`;
}

test('an Admin imports 1,000 rows with a few bad ones; a second import creates nobody', async ({
  page,
  questionnaire,
}) => {
  test.setTimeout(180_000);
  const prefix = unique('IMP').replace(/\s+/g, '-');
  const file = { name: 'cohort.csv', mimeType: 'text/csv', buffer: Buffer.from(cohortFile(prefix)) };

  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants`);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import participants' })).toBeVisible();
  const template = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download template' }).click();
  expect((await template).suggestedFilename()).toBe('participants-import-template.csv');

  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    '1,000 rows: 997 will be created, 3 will be refused. Nothing has been written yet.',
  );
  const issues = page.getByRole('table', { name: 'Rows with problems' });
  await expect(issues.getByRole('row')).toHaveCount(4);
  await expect(issues).toContainText('Invalid email format');
  await expect(issues).toContainText('IRN cannot be empty.');
  // Each problem with the value it is about.
  await expect(issues.getByRole('row', { name: /^10 / })).toContainText('email: bad-email@');
  await expect(issues.getByRole('row', { name: /^250 / })).toContainText('interview_ref_num: empty');
  await expect(page.getByTestId('import-problems-shown')).toHaveText('3 problems:');

  await page.getByRole('button', { name: 'Import 997 rows' }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  await expect(page.getByTestId('import-progress')).toContainText(
    '1,000 of 1,000 rows · 997 created · 3 refused',
  );

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download results' }).click();
  const results = await csvLines(await download);
  expect(results[0]).toBe(
    'row,interview_ref_num,participant_uuid,particpant_guide_link,is_participant_allowed,error',
  );
  expect(results).toHaveLength(ROWS + 1);
  expect(results[1]).toMatch(new RegExp(`^1,${prefix}-1,[0-9a-f-]{36},http://[^,]+/guide/[\\w-]+,true,$`));
  expect(results[10]).toBe(`10,${prefix}-10,,,,Invalid email format`);

  // The same file again: every row is a duplicate IRN (or still bad), and nobody is created.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    '1,000 rows: 0 will be created, 1,000 will be refused. Nothing has been written yet.',
  );
  await expect(page.getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
  // The page lists the first 100 problems and says how many more there are; the file has all of them.
  await expect(page.getByTestId('import-problems-shown')).toHaveText('The first 100 problems, and 900 more:');
  await expect(page.getByRole('table', { name: 'Rows with problems' }).getByRole('row')).toHaveCount(101);
  const problems = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download all 1,000 problems (CSV)' }).click();
  const problemLines = await csvLines(await problems);
  expect(problemLines[0]).toBe('row,interview_ref_num,problem,column,value');
  expect(problemLines).toHaveLength(1_001);
  expect(problemLines[10]).toBe(`10,${prefix}-10,Invalid email format,email,bad-email@`);

  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants`);
  await expect(page.getByText('997 participants')).toBeVisible();
});

test('the upload refuses a file over 10 MiB and unknown columns with clear messages', async ({
  page,
  questionnaire,
}) => {
  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants/import`);
  const big = `interview_ref_num\n${'X'.repeat(10 * 1024 * 1024)}\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(big) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('The file is larger than 10 MiB. Split it into smaller files.')).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({
    name: 'typo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('interview_ref_num,emial\nA-1,a@example.com\n'),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText(/^Unknown column emial\. The columns are: interview_ref_num/)).toBeVisible();
});

test('started below a long list of problems, the progress shows where the click was', async ({
  page,
  questionnaire,
}) => {
  test.setTimeout(120_000);
  const prefix = unique('LONG').replace(/\s+/g, '-');
  const lines = ['interview_ref_num,email'];
  for (let i = 1; i <= 240; i++) lines.push(`${prefix}-${i},${i % 2 ? 'not-an-email' : `p${i}@example.com`}`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants/import`);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'long.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-problems-shown')).toHaveText('The first 100 problems, and 20 more:');
  const start = page.getByRole('button', { name: 'Import 120 rows' });
  await start.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('import-summary')).not.toBeInViewport();
  await start.click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeInViewport();
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
});

test('a semicolon-separated file is read as such, and a single problem reads in the singular', async ({
  page,
  questionnaire,
}) => {
  const prefix = unique('SEMI').replace(/\s+/g, '-');
  await page.goto(`/admin/questionnaires/${questionnaire.id}/participants/import`);
  await expect(page.getByText(/separated by commas \(or by\s+semicolons/)).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'excel.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `interview_ref_num;phone_number1;email\n${prefix}-1;+1 415 555 0101;a@example.com\n${prefix}-2;;no-at-sign\n`,
    ),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    '2 rows: 1 will be created, 1 will be refused. Nothing has been written yet.',
  );
  await expect(page.getByTestId('import-problems-shown')).toHaveText('1 problem:');
  await expect(page.getByRole('link', { name: 'Download the problem (CSV)' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rows with problems' })).toContainText('email: no-at-sign');
});
