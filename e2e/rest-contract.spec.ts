// The published contract as a customer meets it: the interactive docs page shows the endpoints and the
// result webhook, the served document lists this deployment only (no placeholder regions), and the typed
// client in client/ drives the running server over real HTTP.
import { createServiceClient } from '../client/index';
import { expect, test } from './fixtures';
import { unique } from './fixtures/admin-api';

test('the docs page shows the endpoints and the result webhook', async ({ page }) => {
  await page.goto('/questionnaire/v1/docs');
  await expect(page.getByText('Create participant or retake questionnaire').first()).toBeVisible();
  await expect(page.getByText('Update participant outcome tracking').first()).toBeVisible();
  await expect(page.getByText('Create API key').first()).toBeVisible();
  await expect(page.getByText('result_update').first()).toBeVisible();
  await expect(page.getByText(/client\//).first()).toBeVisible();
});

test('the served document lists this deployment, and no placeholder server', async ({ request, baseURL }) => {
  const response = await request.get('/questionnaire/v1/openapi.json');
  expect(response.ok()).toBe(true);
  const doc = (await response.json()) as { openapi: string; servers: { url: string }[]; webhooks: object };
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.servers.map((s) => s.url)).toEqual([`${baseURL}/questionnaire`]);
  expect(JSON.stringify(doc)).not.toContain('example.com');
  expect(Object.keys(doc.webhooks)).toEqual(['result_update']);
});

test('the typed client creates a participant and records an outcome over HTTP', async ({
  baseURL,
  questionnaire,
  apiKey,
}) => {
  const api = createServiceClient({ baseUrl: `${baseURL}/questionnaire`, apiKey: apiKey.key });
  const irn = unique('IRN').replace(/\s+/g, '-');
  const created = await api.POST('/v1/participant', {
    body: { project_uuid: questionnaire.id, interview_ref_num: irn, language: 'English' },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(200);
  expect(created.data).toMatchObject({ interview_ref_num: irn, outcome: null });

  const updated = await api.PUT('/v1/participant/{participant_id}', {
    params: { path: { participant_id: created.data!.participant_uuid } },
    body: { outcome: 'COMPLETED', outcome_ts: '2026-11-22T08:30:00Z' },
  });
  expect(updated.data).toMatchObject({ outcome: 'COMPLETED', outcome_ts: '2026-11-22T08:30:00Z' });

  const refused = await api.POST('/v1/participant', {
    body: { project_uuid: questionnaire.id, interview_ref_num: '' },
  });
  expect(refused.error).toMatchObject({ error: 'BAD_REQUEST', status: 400, message: 'IRN cannot be empty.' });
});
