// Every door answers with X-Request-Id, pages included: a well-formed incoming id is kept, anything else is
// replaced by a new one. Also: the metrics endpoint does not exist while METRICS_TOKEN is unset.
import { expect, signedOutTest, test } from './fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

signedOutTest('pages, redirects and every API door carry X-Request-Id', async ({ request }) => {
  for (const path of [
    '/login',
    '/admin',
    '/api/health',
    '/questionnaire/v1/openapi.json',
    '/questionnaire/v1/participant',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()['x-request-id'], path).toMatch(UUID);
  }
  const posted = await request.post('/questionnaire/v1/participant', { data: {} });
  expect(posted.status()).toBe(401);
  expect(posted.headers()['x-request-id']).toMatch(UUID);
});

signedOutTest('a well-formed incoming id is kept, a malformed one replaced', async ({ request }) => {
  const kept = await request.get('/login', { headers: { 'X-Request-Id': 'lb-trace.42:abc' } });
  expect(kept.headers()['x-request-id']).toBe('lb-trace.42:abc');
  const replaced = await request.get('/api/health', { headers: { 'X-Request-Id': 'has spaces <and> tags' } });
  expect(replaced.headers()['x-request-id']).toMatch(UUID);
});

test('the signed-in Admin app answers with X-Request-Id too', async ({ page }) => {
  const response = await page.goto('/admin');
  expect((await response!.allHeaders())['x-request-id']).toMatch(UUID);
});

// A deployment may have METRICS_TOKEN set: then E2E_METRICS_TOKEN gives it, and the second test runs instead.
const metricsToken = process.env.E2E_METRICS_TOKEN;

signedOutTest('GET /api/metrics is 404 while METRICS_TOKEN is unset', async ({ request }) => {
  signedOutTest.skip(!!metricsToken, 'E2E_METRICS_TOKEN is set: the deployment has METRICS_TOKEN');
  const answer = await request.get('/api/metrics', {
    headers: { Authorization: 'Bearer anything-at-all-0123456789' },
  });
  expect(answer.status(), 'a deployment with METRICS_TOKEN set: give it as E2E_METRICS_TOKEN').toBe(404);
});

signedOutTest(
  'GET /api/metrics with METRICS_TOKEN: 401 to a wrong token, Prometheus text to the right one',
  async ({ request }) => {
    signedOutTest.skip(
      !metricsToken,
      'against a deployment with METRICS_TOKEN set, give it as E2E_METRICS_TOKEN',
    );
    const wrong = await request.get('/api/metrics', {
      headers: { Authorization: 'Bearer not-the-token-0123456789' },
    });
    expect(wrong.status()).toBe(401);
    const right = await request.get('/api/metrics', { headers: { Authorization: `Bearer ${metricsToken}` } });
    expect(right.status()).toBe(200);
    expect(await right.text()).toContain('# TYPE ');
  },
);
