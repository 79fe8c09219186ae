// Every Admin page brings its first screen's data in its own HTML (components/providers/prefetch.tsx): a
// person's first visit shows the data and the page asks /api/trpc for nothing once hydrated, whatever the
// address says (a search, a filter, a sort, an import, a participant) and whichever state the page opens in.
import type { Locator, Page } from '@playwright/test';
import { expect, test, type TestApiKey } from './fixtures';
import { createParticipantViaApi, LOW_RISK_RESULT, unique } from './fixtures/admin-api';
import { localReceiverUnavailable, localReceiverUrl } from './fixtures/local-receiver';

// The overview fetches its charts in the zone the browser last told the server (UTC until it has): a first
// visit from another zone asks for that zone's figures by design (query-defaults.ts).
test.use({ timezoneId: 'UTC' });

/** Installed before the page's own scripts: every request the page's code makes to /api/trpc, in order. */
function recordTrpcRequests() {
  const asked: string[] = [];
  (window as unknown as { __trpcRequests: string[] }).__trpcRequests = asked;
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url, location.href).pathname.startsWith('/api/trpc')) asked.push(url);
    return original(input, init);
  };
}

/**
 * Opens `path` as a first visit (a fresh page: an empty query cache) and waits until `shows` (an element
 * showing the page's data) is on screen and hydrated (React keeps its fiber on the element it hydrated).
 * A query the browser would still make goes out from the effects that follow that hydration, in tasks of
 * their own (React's scheduler, then tRPC's batch); the browser runs idle callbacks only once no task is
 * waiting, so after one the page has asked for whatever it was going to ask for on load.
 * Returns the /api/trpc requests the page made.
 */
async function trpcRequestsOfFirstVisit(page: Page, path: string, shows: (page: Page) => Locator) {
  await page.goto(path);
  const data = shows(page);
  await expect(data).toBeVisible();
  await expect
    .poll(() => data.evaluate((element) => Object.keys(element).some((k) => k.startsWith('__reactFiber$'))))
    .toBe(true);
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve));
    return (window as unknown as { __trpcRequests: string[] }).__trpcRequests;
  });
}

/**
 * Each page's first visit: what it asked /api/trpc for, by path (all of them checked before the test fails).
 * The page must have recordTrpcRequests installed.
 */
async function expectNoTrpcRequests(page: Page, pages: [string, (page: Page) => Locator][]) {
  const asked: Record<string, string[]> = {};
  for (const [path, shows] of pages) {
    const requests = await trpcRequestsOfFirstVisit(page, path, shows);
    if (requests.length) asked[path] = requests;
  }
  expect(asked, 'pages that asked /api/trpc after load').toEqual({});
}

/** A preview import of one row, uploaded as the import page uploads it: its id. */
async function uploadImport(page: Page, questionnaireId: string, fileName: string, irn: string) {
  const response = await page.request.post(`/admin/questionnaires/${questionnaireId}/participant-imports`, {
    headers: { 'Content-Type': 'text/csv', 'X-File-Name': fileName },
    data: Buffer.from(`interview_ref_num,email\n${irn},import@example.com\n`),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { progress: { id: string } }).progress.id;
}

const irnOf = (label: string) => unique(label).replace(/\s+/g, '-');

/** A participant created through the REST API: its IRN and id. */
async function createParticipant(page: Page, apiKey: TestApiKey, questionnaireId: string, label: string) {
  const irn = irnOf(label);
  const created = await createParticipantViaApi(page.request, apiKey.key, {
    project_uuid: questionnaireId,
    interview_ref_num: irn,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { irn, participantId: created.body.participant_uuid };
}

test('every Admin page shows its first screen without asking /api/trpc after load', async ({
  page,
  adminApi,
  questionnaire,
  apiKey,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(recordTrpcRequests);
  const { irn, participantId } = await createParticipant(page, apiKey, questionnaire.id, 'FIRST');
  await adminApi.mutation('blockedNumber.add', {
    questionnaireId: questionnaire.id,
    phoneNumber: '+1 202 555 0142',
  });
  const earlier = await uploadImport(page, questionnaire.id, 'earlier-cohort.csv', irnOf('IMP1'));
  const latest = await uploadImport(page, questionnaire.id, 'latest-cohort.csv', irnOf('IMP2'));
  const q = `/admin/questionnaires/${questionnaire.id}`;
  const participants = (p: Page) => p.getByRole('table', { name: 'Participants' }).getByText(irn).first();

  await expectNoTrpcRequests(page, [
    // The questionnaire list, plain and as a search in the address.
    ['/admin', (p) => p.getByTestId('questionnaire-count').filter({ hasText: /questionnaire/ })],
    [
      `/admin?q=${encodeURIComponent(questionnaire.name)}&tenant=${questionnaire.tenantId}`,
      (p) => p.getByRole('list', { name: 'Questionnaires' }).getByText(questionnaire.name).first(),
    ],
    [
      '/admin/questionnaires/new',
      (p) =>
        p
          .getByLabel('Tenant', { exact: true })
          .filter({ has: p.locator('option', { hasText: questionnaire.tenantName }) }),
    ],
    [
      '/admin/tenants',
      (p) => p.getByRole('list', { name: 'Tenants' }).getByText(questionnaire.tenantName).first(),
    ],
    ['/admin/admins', (p) => p.getByRole('list', { name: 'Admins' })],
    ['/admin/account', (p) => p.getByRole('heading', { name: 'Two-factor sign-in' })],
    ['/admin/audit', (p) => p.getByRole('table', { name: /Audit log entries/ })],
    [q, (p) => p.getByRole('link', { name: 'Participants 1' })],
    // The participants list, plain, then searched, sorted and on a page of its own as the address says.
    [`${q}/participants`, participants],
    [`${q}/participants?q=${encodeURIComponent(irn)}&field=irn`, participants],
    [`${q}/participants?sort=irn:asc&page=1`, participants],
    [`${q}/participants?outcome=__none__&result=__none__`, participants],
    [`${q}/participants/${participantId}`, (p) => p.getByText(irn).first()],
    // The import page with the recent imports, and with the one the address names.
    [`${q}/participants/import`, (p) => p.getByText(/^latest-cohort\.csv/)],
    [`${q}/participants/import?import=${earlier}`, (p) => p.getByText('Preview of earlier-cohort.csv')],
    [`${q}/participants/import?import=${latest}`, (p) => p.getByText(/^earlier-cohort\.csv/)],
    [`${q}/api-keys`, (p) => p.getByRole('table', { name: 'API keys' })],
    [`${q}/blocked-numbers`, (p) => p.getByRole('list', { name: 'Blocked numbers' })],
    // No webhook yet: the empty form.
    [`${q}/webhooks`, (p) => p.getByLabel('Webhook URL')],
    [`${q}/settings`, (p) => p.getByLabel('Name', { exact: true })],
    [`${q}/audit`, (p) => p.getByRole('table', { name: /Audit log entries/ })],
  ]);
});

test('the webhook page opens with its deliveries, one participant’s, and paused, without asking /api/trpc', async ({
  page,
  adminApi,
  questionnaire,
  apiKey,
}) => {
  test.skip(localReceiverUnavailable !== null, localReceiverUnavailable ?? '');
  test.setTimeout(120_000);
  await page.addInitScript(recordTrpcRequests);
  const { irn, participantId } = await createParticipant(page, apiKey, questionnaire.id, 'HOOK');
  // Nothing listens there: the delivery fails and waits to retry, which the log and the recovery show.
  const url = localReceiverUrl(4521);
  await adminApi.mutation('webhook.configure', { questionnaireId: questionnaire.id, url });
  await adminApi.mutation('webhook.publishResult', {
    questionnaireId: questionnaire.id,
    participantId,
    ...LOW_RISK_RESULT,
  });
  const q = `/admin/questionnaires/${questionnaire.id}`;
  const deliveries = (p: Page) => p.getByRole('table', { name: 'Webhook deliveries' }).getByText(irn).first();
  await expectNoTrpcRequests(page, [
    [`${q}/webhooks`, deliveries],
    [`${q}/webhooks?participant=${participantId}`, deliveries],
  ]);

  // Paused, with a result published meanwhile: the notice counts it from the first HTML on.
  await adminApi.mutation('webhook.setActive', { questionnaireId: questionnaire.id, active: false });
  await adminApi.mutation('webhook.publishResult', {
    questionnaireId: questionnaire.id,
    participantId,
    ...LOW_RISK_RESULT,
    overall_evaluation: 'HR',
  });
  await expectNoTrpcRequests(page, [
    [`${q}/webhooks`, (p) => p.getByText('1 result was published meanwhile', { exact: false })],
  ]);
  await expect(page.getByLabel('Webhook URL')).toHaveValue(url);
});
