// The webhook endpoint by API (/v1/webhooks/endpoints, our extension), through the REST door as production
// serves it: create (the secret shown once), list with its state, change the URL (the Admin form's rules),
// archive, rotate the secret with an overlap and end it early; the scopes, rule 5 for another questionnaire's
// endpoint, the documented refusals and the audit entries. Every answer is checked against the OpenAPI document.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';
import { expectParticipantError, useRestHarness } from '@/server/test/rest-harness';
import { useBlockTestReceiver } from '@/server/test/webhook-database';
import {
  createApiEndpoint,
  ENDPOINTS,
  endpointPath,
  publishForNewParticipant,
  verifiesWith,
} from '@/server/test/webhook-api';
import { defaultWebhookSettings } from '@/server/webhooks/settings';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { setWebhookActive } from '@/server/webhooks/config';
import { MESSAGES } from '@/server/participants/messages';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('webhook endpoints by API on %s', (kind) => {
  allowPrivateWebhookUrls();
  const h = useRestHarness(kind);
  const receiver = useBlockTestReceiver();

  const audit = (questionnaireId: string) =>
    h.db.prisma.auditLog.findMany({ where: { questionnaireId }, orderBy: { at: 'asc' } });

  it('creates the endpoint with its secret shown once, lists it without secrets, changes its URL and archives it', async () => {
    const q = await h.seed();
    const key = await h.createKey(q.questionnaireId, ['webhook:write']);
    expect((await h.call('GET', ENDPOINTS, { key: key.value })).body).toEqual({ endpoints: [] });

    const created = await h.call('POST', ENDPOINTS, { key: key.value, body: { url: receiver().url } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: receiver().url,
      state: 'healthy',
      disabled_cause: null,
      consecutive_failures: 0,
      last_failure_at: null,
      previous_secret_expires_at: null,
      authentication: 'none',
    });
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);

    const listed = await h.call('GET', ENDPOINTS, { key: key.value });
    const { secret: _shownOnce, ...shown } = created.body as Record<string, unknown>;
    expect(listed.body.endpoints).toEqual([shown]);
    expect(listed.text).not.toContain(secret.slice('whsec_'.length));
    const one = await h.call('GET', endpointPath(created.body.id), { key: key.value });
    expect(one.body).toEqual(listed.body.endpoints[0]);

    // One endpoint per questionnaire: a second create is refused and changes nothing.
    const again = await h.call('POST', ENDPOINTS, {
      key: key.value,
      body: { url: `${receiver().url}/other` },
    });
    expectParticipantError(again, 409, 'CONFLICT', WEBHOOK_MESSAGES.endpointExists);

    const moved = await h.call('PATCH', endpointPath(created.body.id), {
      key: key.value,
      body: { url: `${receiver().url}/v2` },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: created.body.id, url: `${receiver().url}/v2`, state: 'healthy' });

    // The signing secret shown at creation signs what is sent to the new URL.
    const before = receiver().requests.length;
    await publishForNewParticipant(h, q.questionnaireId, 'moved');
    await flushWebhooks(h.db.prisma);
    const [arrived] = (await receiver().waitFor(before + 1)).slice(before);
    expect(arrived!.path).toBe('/hook/v2');
    expect(verifiesWith(secret, arrived!)).toMatchObject({ summary: 'moved' });

    // It has a delivery: archived (its log kept), no longer listed, and a new endpoint can be created.
    const archived = await h.call('DELETE', endpointPath(created.body.id), { key: key.value });
    expect(archived.body).toEqual({ id: created.body.id, removal: 'archived' });
    expect((await h.call('GET', ENDPOINTS, { key: key.value })).body).toEqual({ endpoints: [] });
    expectParticipantError(
      await h.call('GET', endpointPath(created.body.id), { key: key.value }),
      404,
      'NOT_FOUND',
      WEBHOOK_MESSAGES.endpointNotFound,
    );
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: created.body.id } })).toBe(1);
    const fresh = await h.call('POST', ENDPOINTS, { key: key.value, body: { url: receiver().url } });
    expect(fresh.status).toBe(201);
    expect(fresh.body.secret).not.toBe(secret);
    // Never used: deleted outright.
    const deleted = await h.call('DELETE', endpointPath(fresh.body.id), { key: key.value });
    expect(deleted.body).toEqual({ id: fresh.body.id, removal: 'deleted' });

    expect((await audit(q.questionnaireId)).map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ['webhook.create', 'api_key', key.id],
      ['webhook.update', 'api_key', key.id],
      ['webhook.archive', 'api_key', key.id],
      ['webhook.create', 'api_key', key.id],
      ['webhook.delete', 'api_key', key.id],
    ]);
    const archivedRow = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({
      where: { id: created.body.id },
    });
    expect(archivedRow).toMatchObject({ active: false, disabledReason: 'Archived with an API key' });
  });

  it('shows the state: failing with its failures and last failure, then disabled by 410, by an Admin, or by days of failures', async () => {
    const e = await createApiEndpoint(h, receiver().url, ['webhook:read']);
    const get = async () =>
      (await h.call('GET', endpointPath(e.endpointId), { key: e.key.value })).body as Record<string, unknown>;
    receiver().respond(() => ({ status: 503 }));
    try {
      // Five failed attempts in a row open the breaker (WEBHOOK_BREAKER_FAILURES, default 5).
      for (let i = 0; i < 5; i++) await publishForNewParticipant(h, e.q.questionnaireId, `down ${i}`);
      await flushWebhooks(h.db.prisma);
    } finally {
      receiver().respond(() => ({ status: 200 }));
    }
    const failing = await get();
    expect(failing).toMatchObject({
      state: 'failing',
      consecutive_failures: 5,
      last_failure_error: 'HTTP 503',
      disabled_cause: null,
    });
    const lastFailureAt = Date.parse(failing.last_failure_at as string);
    expect(lastFailureAt).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(failing.next_probe_at as string)).toBeGreaterThan(lastFailureAt);
    expect(Date.parse(failing.failing_since as string)).toBeLessThanOrEqual(lastFailureAt);

    await setWebhookActive(h.db.prisma, e.q.questionnaireId, false);
    expect(await get()).toMatchObject({
      state: 'disabled',
      disabled_cause: 'admin_pause',
      disabled_reason: 'Disabled by an Admin',
    });
    await setWebhookActive(h.db.prisma, e.q.questionnaireId, true);
    // Enabling again forgets the failures; the last failure stays on record only until then.
    expect(await get()).toMatchObject({ state: 'healthy', consecutive_failures: 0, last_failure_at: null });

    receiver().respond(() => ({ status: 410 }));
    try {
      await publishForNewParticipant(h, e.q.questionnaireId, 'gone');
      await flushWebhooks(h.db.prisma);
    } finally {
      receiver().respond(() => ({ status: 200 }));
    }
    const gone = await get();
    expect(gone).toMatchObject({ state: 'disabled', disabled_cause: 'gone' });
    expect(gone.disabled_at).not.toBeNull();

    await h.db.prisma.webhookEndpoint.update({
      where: { id: e.endpointId },
      data: {
        disabledReason:
          'Every delivery attempt failed since 2026-11-20T08:00:00Z (412 attempts), last error: HTTP 503',
      },
    });
    expect(await get()).toMatchObject({ state: 'disabled', disabled_cause: 'failures' });
  });

  it('rotates the secret with an overlap in which both secrets sign, and ends the overlap early', async () => {
    const e = await createApiEndpoint(h, receiver().url);
    const rotate = (body?: unknown) =>
      h.call('POST', endpointPath(e.endpointId, '/secret/rotate'), { key: e.key.value, body });
    const sendTest = async () => {
      const before = receiver().requests.length;
      const queued = await h.call('POST', endpointPath(e.endpointId, '/test'), { key: e.key.value });
      expect(queued.status).toBe(202);
      return (await receiver().waitFor(before + 1)).slice(before)[0]!;
    };

    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(e.secret);
    const until = Date.parse(rotated.body.previous_secret_expires_at as string);
    expect(Math.abs(until - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
    const endpoint = await h.call('GET', endpointPath(e.endpointId), { key: e.key.value });
    expect(endpoint.body.previous_secret_expires_at).toBe(rotated.body.previous_secret_expires_at);
    expect(endpoint.text).not.toContain(newSecret.slice('whsec_'.length));

    const during = await sendTest();
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiesWith(newSecret, during)).toMatchObject({ callback_type: 'Test' });
    expect(verifiesWith(e.secret, during)).toMatchObject({ callback_type: 'Test' });

    const ended = await h.call('POST', endpointPath(e.endpointId, '/secret/end-overlap'), {
      key: e.key.value,
    });
    expect(ended.status).toBe(200);
    expect(ended.body.previous_secret_expires_at).toBeNull();
    const after = await sendTest();
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifiesWith(newSecret, after)).toMatchObject({ callback_type: 'Test' });
    expect(() => verifiesWith(e.secret, after)).toThrow();
    // Ending it again changes nothing and writes no audit entry.
    await h.call('POST', endpointPath(e.endpointId, '/secret/end-overlap'), { key: e.key.value });

    const short = await rotate({ overlap_hours: 2 });
    expect(
      Math.abs(Date.parse(short.body.previous_secret_expires_at) - (Date.now() + 2 * HOUR)),
    ).toBeLessThan(60_000);
    const none = await rotate({ overlap_hours: 0 });
    expect(none.body.previous_secret_expires_at).toBeNull();
    const single = await sendTest();
    expect(verifiesWith(none.body.secret as string, single)).toBeTruthy();
    expect(() => verifiesWith(short.body.secret as string, single)).toThrow();

    const overlapMessage = 'overlap_hours must be a whole number from 0 to 168';
    for (const overlap_hours of [169, -1, 1.5, '24'])
      expectParticipantError(await rotate({ overlap_hours }), 400, 'BAD_REQUEST', overlapMessage);

    expect(
      (await audit(e.q.questionnaireId))
        .filter((a) => a.action.startsWith('webhook.secret'))
        .map((a) => [a.action, a.actorType, a.details]),
    ).toEqual([
      ['webhook.secret.rotate', 'api_key', { overlapHours: 24 }],
      ['webhook.secret.overlap_end', 'api_key', { overlapUntil: rotated.body.previous_secret_expires_at }],
      ['webhook.secret.rotate', 'api_key', { overlapHours: 2 }],
      ['webhook.secret.rotate', 'api_key', { overlapHours: 0 }],
    ]);
  });

  it('refuses a URL the Admin form refuses, naming the field', async () => {
    const e = await createApiEndpoint(h, receiver().url);
    const q = await h.seed();
    const key = await h.createKey(q.questionnaireId, ['webhook:write']);
    const cases: [unknown, string][] = [
      [undefined, 'url is required and must be a string'],
      [null, 'url is required and must be a string'],
      [42, 'url is required and must be a string'],
      ['   ', 'url is required and must be a string'],
      [`https://127.0.0.1/${'x'.repeat(2_000)}`, 'url must be at most 2000 characters'],
      ['not a url', 'url: The URL is not a valid absolute URL'],
      // http is admitted here (WEBHOOK_ALLOW_PRIVATE_URLS), so the message names both schemes.
      ['ftp://127.0.0.1/hook', 'url: The URL must use http or https'],
      ['http://user:secret@127.0.0.1/hook', 'url: The URL must not contain a user name or password'],
      ['http://127.0.0.1/hook#results', 'url: The URL must not contain a fragment (the part from #)'],
    ];
    for (const [url, message] of cases) {
      const body = url === undefined ? {} : { url };
      expectParticipantError(
        await h.call('POST', ENDPOINTS, { key: key.value, body }),
        400,
        'BAD_REQUEST',
        message,
      );
      expectParticipantError(
        await h.call('PATCH', endpointPath(e.endpointId), { key: e.key.value, body }),
        400,
        'BAD_REQUEST',
        message,
      );
    }
    // Without WEBHOOK_ALLOW_PRIVATE_URLS (production): https only, and never a private address.
    const settings = defaultWebhookSettings();
    settings.allowPrivateUrls = false;
    try {
      const refusals: [string, string][] = [
        ['http://hooks.example.org/pais', 'url: The URL must use https'],
        ['ftp://hooks.example.org/pais', 'url: The URL must use https'],
        [
          'https://127.0.0.1/hook',
          'url: The URL resolves to a private, loopback, link-local or otherwise non-public address (127.0.0.1)',
        ],
        [
          'https://[::1]/hook',
          'url: The URL resolves to a private, loopback, link-local or otherwise non-public address (::1)',
        ],
      ];
      for (const [url, message] of refusals) {
        expectParticipantError(
          await h.call('POST', ENDPOINTS, { key: key.value, body: { url } }),
          400,
          'BAD_REQUEST',
          message,
        );
        expectParticipantError(
          await h.call('PATCH', endpointPath(e.endpointId), { key: e.key.value, body: { url } }),
          400,
          'BAD_REQUEST',
          message,
        );
      }
    } finally {
      settings.allowPrivateUrls = true;
    }
    expect(await h.db.prisma.webhookEndpoint.count({ where: { questionnaireId: q.questionnaireId } })).toBe(
      0,
    );
    expect((await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: e.endpointId } })).url).toBe(
      receiver().url,
    );
  });

  it('needs webhook:read to read and webhook:write to change, and a key', async () => {
    const e = await createApiEndpoint(h, receiver().url);
    const reader = await h.createKey(e.q.questionnaireId, ['webhook:read']);
    const other = await h.createKey(e.q.questionnaireId, [
      'participant:write',
      'participant:read',
      'apikey:write',
    ]);
    const forbidden = 'Invalid API key scope';
    expect((await h.call('GET', ENDPOINTS, { key: reader.value })).status).toBe(200);
    expect((await h.call('GET', endpointPath(e.endpointId), { key: reader.value })).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', ENDPOINTS, { url: receiver().url }],
      ['PATCH', endpointPath(e.endpointId), { url: receiver().url }],
      ['DELETE', endpointPath(e.endpointId)],
      ['POST', endpointPath(e.endpointId, '/test')],
      ['POST', endpointPath(e.endpointId, '/secret/rotate')],
      ['POST', endpointPath(e.endpointId, '/secret/end-overlap')],
      ['POST', endpointPath(e.endpointId, `/deliveries/${randomUUID()}/retry`)],
    ];
    for (const [method, path, body] of writes) {
      expectParticipantError(
        await h.call(method, path, { key: reader.value, body }),
        403,
        'FORBIDDEN',
        forbidden,
      );
      expectParticipantError(
        await h.call(method, path, { key: other.value, body }),
        403,
        'FORBIDDEN',
        forbidden,
      );
      expectParticipantError(
        await h.call(method, path, { body }),
        401,
        'UNAUTHORIZED',
        'API key is required',
      );
      expectParticipantError(
        await h.call(method, path, { key: 'pais_live_not-a-key', body }),
        401,
        'UNAUTHORIZED',
        'Invalid API key',
      );
    }
    for (const path of [ENDPOINTS, endpointPath(e.endpointId), endpointPath(e.endpointId, '/deliveries')])
      expectParticipantError(await h.call('GET', path, { key: other.value }), 403, 'FORBIDDEN', forbidden);
    // Nothing changed: still one endpoint, with its URL, not archived, no rotation.
    const row = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: e.endpointId } });
    expect(row).toMatchObject({ url: receiver().url, archivedAt: null, previousSecretEncrypted: null });
  });

  it('answers 403 for another questionnaire’s endpoint (rule 5), 404 for none, 400 for a malformed id', async () => {
    const mine = await createApiEndpoint(h, receiver().url);
    const sameTenant = await h.seed({ tenantId: mine.q.tenantId });
    const sameTenantKey = await h.createKey(sameTenant.questionnaireId, ['webhook:write']);
    const otherTenant = await createApiEndpoint(h, receiver().url);
    const operations = (endpointId: string): [string, string, unknown?][] => [
      ['GET', endpointPath(endpointId)],
      ['PATCH', endpointPath(endpointId), { url: `${receiver().url}/theirs` }],
      ['DELETE', endpointPath(endpointId)],
      ['GET', endpointPath(endpointId, '/deliveries')],
      ['GET', endpointPath(endpointId, `/deliveries/${randomUUID()}`)],
      ['POST', endpointPath(endpointId, `/deliveries/${randomUUID()}/retry`)],
      ['POST', endpointPath(endpointId, '/test')],
      ['POST', endpointPath(endpointId, '/secret/rotate')],
      ['POST', endpointPath(endpointId, '/secret/end-overlap')],
    ];
    for (const key of [sameTenantKey.value, otherTenant.key.value])
      for (const [method, path, body] of operations(mine.endpointId))
        expectParticipantError(
          await h.call(method, path, { key, body }),
          403,
          'FORBIDDEN',
          MESSAGES.notAssociated,
        );
    for (const [method, path, body] of operations(randomUUID()))
      expectParticipantError(
        await h.call(method, path, { key: mine.key.value, body }),
        404,
        'NOT_FOUND',
        WEBHOOK_MESSAGES.endpointNotFound,
      );
    for (const [method, path, body] of operations('not-a-uuid'))
      expectParticipantError(
        await h.call(method, path, { key: mine.key.value, body }),
        400,
        'BAD_REQUEST',
        'Invalid endpoint_id format',
      );
    // The endpoint is untouched: its URL, not archived, no rotation, no test event.
    const row = await h.db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: mine.endpointId } });
    expect(row).toMatchObject({ url: receiver().url, archivedAt: null, previousSecretEncrypted: null });
    expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: mine.endpointId } })).toBe(0);
  });
});
