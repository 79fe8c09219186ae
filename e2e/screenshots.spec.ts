// The README's screenshots of the main Admin pages at 1440 and 390 px, taken from a live server with
// realistic data (and checked not to scroll sideways):
//   SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
// Skipped otherwise (it writes into docs/screenshots/).
import { expect, test } from './fixtures';
import { createParticipantViaApi, unique } from './fixtures/admin-api';
import { againstDeployment } from './fixtures/credentials';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to refresh docs/screenshots/');
// Its data has fixed, realistic names (no run prefix): only for the throw-away local server.
test.skip(againstDeployment, 'writes docs/screenshots/ from the local server: runs only without BASE_URL');

const PEOPLE = [
  ['Ada Lovelace', '+1 415 555 0101', 'COMPLETED', 'Result Published'],
  ['Grace Hopper', '+1 212 555 0199', 'COMPLETED', 'Result Published'],
  ['Alan Turing', '+44 20 7946 0321', 'NO_ANSWER', null],
  ['Katherine Johnson', '+1 757 555 0142', 'COMPLETED', 'Attempted - Partial'],
  ['Edsger Dijkstra', '+31 20 555 0100', null, null],
  ['Barbara Liskov', '+1 617 555 0111', 'CALLBACK', null],
  ['Donald Knuth', '+1 650 555 0177', 'COMPLETED', 'Result Published'],
  ['Margaret Hamilton', '+1 303 555 0158', null, null],
] as const;

test('main Admin pages', async ({ page, adminApi }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const tenant = await adminApi.mutation<{ id: string }>('tenant.create', { name: 'Northwind Logistics' });
  const questionnaire = await adminApi.mutation<{ id: string }>('questionnaire.create', {
    tenantId: tenant.id,
    name: 'Driver safety screening',
  });
  const key = await adminApi.mutation<{ key: string }>('apiKey.create', {
    questionnaireId: questionnaire.id,
    name: 'HR system (production)',
    scopes: ['participant:write', 'participant:read', 'apikey:write'],
  });
  await adminApi.mutation('blockedNumber.add', {
    questionnaireId: questionnaire.id,
    phoneNumber: '+1 212 555 0199',
  });
  const run = unique('').trim().slice(-5);
  for (const [index, [name, phone, outcome, status]] of PEOPLE.entries()) {
    const created = await createParticipantViaApi(page.request, key.key, {
      project_uuid: questionnaire.id,
      interview_ref_num: `NW-2026-${String(index + 101)}-${run}`,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}@northwind.example`,
      phone_number1: phone,
      external_ref_id: `EMP-${4810 + index * 7}`,
      language: 'English',
    });
    expect(created.status).toBe(200);
    const id = created.body.participant_uuid;
    if (outcome) {
      const response = await page.request.put(`/questionnaire/v1/participant/${id}`, {
        headers: { Authorization: key.key },
        data: { outcome },
      });
      expect(response.status()).toBe(200);
    }
    if (status) {
      await adminApi.mutation('webhook.publishResult', {
        questionnaireId: questionnaire.id,
        participantId: id,
        status,
        overall_evaluation: status === 'Result Published' ? 'LR' : 'NC',
        questions_risk_rating: [
          { sequence: '1', risk_level: 'LR', text: 'Have you driven under the influence?' },
        ],
        is_admission: false,
        is_counter_measure: false,
        is_not_complete: status !== 'Result Published',
        summary: status === 'Result Published' ? 'LR' : 'NC',
        summary_bgcolor: status === 'Result Published' ? '#28a745' : '#6c757d',
        clear: status === 'Result Published',
      });
    }
  }

  await adminApi.mutation('webhook.configure', {
    questionnaireId: questionnaire.id,
    url: 'http://127.0.0.1:4514/northwind/results',
  });
  await adminApi.mutation('webhook.sendTest', { questionnaireId: questionnaire.id });

  await page.goto(`/admin/questionnaires/${questionnaire.id}/api-keys`);
  await page.getByLabel('Key name').fill('Data warehouse export');
  await page.getByRole('checkbox', { name: /participant:read/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByLabel('New API key')).toHaveValue(/^pais_live_/);
  await expect(page.getByText('Key “Data warehouse export” created')).toBeHidden({ timeout: 15_000 });

  const shots = [
    ['participants', 'participants'],
    ['api-keys', 'api-keys'],
    ['webhooks', 'webhooks'],
  ] as const;
  for (const [width, suffix] of [
    [1440, ''],
    [390, '-phone'],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const [section, file] of shots) {
      // The API-keys page keeps the new key panel open: reload only the other pages.
      if (section !== 'api-keys' || width === 390) {
        await page.goto(`/admin/questionnaires/${questionnaire.id}/${section}`);
      } else {
        await page.getByRole('link', { name: 'API keys' }).click();
      }
      if (section === 'participants') {
        await expect(page.getByRole('table', { name: 'Participants' }).getByRole('row')).toHaveCount(
          PEOPLE.length + 1,
        );
      }
      if (section === 'webhooks') {
        await expect(page.getByRole('table', { name: 'Webhook deliveries' })).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth, `${section} at ${width} px`).toBeLessThanOrEqual(clientWidth);
      await page.screenshot({ path: `docs/screenshots/${file}${suffix}.png`, fullPage: true });
    }
  }

  await page.goto(`/admin/questionnaires/${questionnaire.id}/blocked-numbers`);
  await expect(page.getByRole('list', { name: 'Blocked numbers' })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/call-blocking-phone.png', fullPage: true });
});
