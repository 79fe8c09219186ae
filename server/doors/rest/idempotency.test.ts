// Idempotency-Key on every POST and PUT: the first response is kept and replayed for the same key and request
// (a key creation's, which holds the key's value, as a 409 naming the key), a different request with the key
// is refused, concurrent requests with one key run once, expired or abandoned records do not block a key for
// ever, and the operations that do not honour the key refuse it rather than ignore it.
import { describe, expect, it } from 'vitest';
import type { Prisma } from '@/server/generated/prisma/client.ts';
import { createDatabase } from '@/server/platform/db/client';
import {
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_STALE_MS,
  idempotencyRequestHash,
  sweepExpiredIdempotencyRecords,
} from '@/server/api-keys/idempotency';
import { testDatabaseKinds } from '@/server/test/database';
import { configureWebhook } from '@/server/webhooks/config';
import { testSettings } from '@/server/test/webhook-fixtures';
import { idempotencyNotSupportedMessage, keyAlreadyCreatedMessage } from '@/server/api-keys/messages';
import { IDEMPOTENT_OPERATIONS, operationKey } from '@/server/rest-contract/error-catalogue';
import { IDEMPOTENCY_REFUSING_WRITES } from '@/server/rest-contract/idempotent-extensions';
import {
  endpointAlreadyCreatedMessage,
  secretAlreadyRotatedMessage,
} from '@/server/rest-contract/webhook-schemas';
import { idempotencyNotSupportedOnListenMessage } from '@/server/api-keys/messages';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';
import {
  createApiEndpoint,
  deliveryPath,
  ENDPOINTS,
  endpointPath,
  publishForNewParticipant,
} from '@/server/test/webhook-api';
import { LISTEN, outcomePath, pollPath, sandboxWithKey, startSession } from '@/server/test/webhook-listen';
import { restRouter } from './router';
import { restRoutes } from './routes';
import { createRestHandler } from './handler';
import {
  BASE,
  expectParticipantError,
  failInsertsInto,
  keysPath,
  restSuite,
} from '@/server/test/rest-harness';

/** How long the 409 test's handler waits for a request still in progress (the default is 5 s). */
const WAIT_MS = 300;

describe('which operations honour Idempotency-Key', () => {
  it('every POST, PUT and PATCH but the listed few that refuse it (a new one must say how it replays; one showing a secret must not store it)', () => {
    const writes = restRoutes(restRouter)
      .filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method))
      .map((route) => operationKey(route.method, route.path));
    expect(
      writes.filter(
        (operation) => !IDEMPOTENT_OPERATIONS.has(operation) && !IDEMPOTENCY_REFUSING_WRITES.has(operation),
      ),
    ).toEqual([]);
    // The exemptions are writes that exist, and none of them is also honoured.
    for (const exempt of IDEMPOTENCY_REFUSING_WRITES) {
      expect(writes).toContain(exempt);
      expect(IDEMPOTENT_OPERATIONS.has(exempt)).toBe(false);
    }
  });
});

describe.each(testDatabaseKinds())('Idempotency-Key (%s)', (kind) => {
  const { h, q, key } = restSuite(kind, { door: { rateLimitPerMinute: 100_000 } });
  let n = 0;
  const irn = () => `IDEM-${kind}-${++n}`;
  const idem = () => `idem-${kind}-${++n}`;

  const post = (body: unknown, idempotencyKey?: string, apiKey = key.value) =>
    h.call('POST', '/v1/participant', {
      key: apiKey,
      body,
      headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    });
  const participants = (irnValue: string) =>
    h.db.prisma.participant.count({ where: { questionnaireId: q.questionnaireId, irn: irnValue } });

  it('replays the first response for the same key and body, marked Idempotent-Replayed', async () => {
    const body = { project_uuid: q.questionnaireId, interview_ref_num: irn(), email: 'a@example.com' };
    const k = idem();
    const first = await post(body, k);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same body with its keys in another order is the same request.
    const again = await post(
      { email: body.email, interview_ref_num: body.interview_ref_num, project_uuid: q.questionnaireId },
      k,
    );
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.headers.get('ratelimit-limit')).toBe('100000');
    expect(await participants(body.interview_ref_num)).toBe(1);
    // Without the header the same body is a new request: the IRN is taken now.
    const fresh = await post(body);
    expect(fresh.status).toBe(400);
  });

  it('replays a retake and an outcome update without a second attempt or outcome event', async () => {
    const created = await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() });
    const id = created.body.participant_uuid as string;
    const retake = {
      project_uuid: q.questionnaireId,
      interview_ref_num: created.body.interview_ref_num,
      participant_uuid: id,
    };
    const k = idem();
    const first = await post(retake, k);
    const second = await post(retake, k);
    expect(second.text).toBe(first.text);
    expect(await h.db.prisma.attempt.count({ where: { participantId: id } })).toBe(2);

    const ko = idem();
    const put = () =>
      h.call('PUT', `/v1/participant/${id}`, {
        key: key.value,
        body: { outcome: 'CALLED' },
        headers: { 'idempotency-key': ko },
      });
    const a = await put();
    const b = await put();
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await h.db.prisma.outcomeEvent.count({ where: { participantId: id } })).toBe(1);
  });

  it('keeps and replays a 4xx answer too', async () => {
    const body = { project_uuid: q.questionnaireId, interview_ref_num: irn(), email: 'not-an-email' };
    const k = idem();
    const first = await post(body, k);
    expectParticipantError(first, 400, 'BAD_REQUEST', 'Invalid email format');
    const second = await post(body, k);
    expect(second.status).toBe(400);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('the same key with another body, path or method is a 400 that says so', async () => {
    const k = idem();
    const first = await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, k);
    const id = first.body.participant_uuid as string;
    expectParticipantError(
      await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, k),
      400,
      'BAD_REQUEST',
      IDEMPOTENCY_MESSAGES.mismatch,
    );
    expectParticipantError(
      await h.call('PUT', `/v1/participant/${id}`, {
        key: key.value,
        body: { outcome: 'X' },
        headers: { 'idempotency-key': k },
      }),
      400,
      'BAD_REQUEST',
      IDEMPOTENCY_MESSAGES.mismatch,
    );
  });

  it('keys are per API key: another key may use the same Idempotency-Key for its own request', async () => {
    const other = await h.createKey(q.questionnaireId);
    const k = idem();
    const mine = await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, k);
    const theirs = await post({ project_uuid: q.questionnaireId, interview_ref_num: irn() }, k, other.value);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.participant_uuid).not.toBe(mine.body.participant_uuid);
  });

  it('refuses malformed keys: empty, over 255 characters, not printable ASCII', async () => {
    const body = { project_uuid: q.questionnaireId, interview_ref_num: irn() };
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'ключ']) {
      const headers = new Headers({ authorization: key.value, 'content-type': 'application/json' });
      // Header values must be ByteStrings: a non-ASCII key is sent as its UTF-8 bytes.
      headers.set('idempotency-key', Buffer.from(bad, 'utf8').toString('latin1'));
      const res = await h.handler(
        new Request(`${BASE}/v1/participant`, { method: 'POST', headers, body: JSON.stringify(body) }),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect(await participants(body.interview_ref_num)).toBe(0);
    expect((await post(body, 'x'.repeat(255))).status).toBe(200);
  });

  it('a missing or unknown API key gets its 401, never a replay', async () => {
    const k = idem();
    const body = { project_uuid: q.questionnaireId, interview_ref_num: irn() };
    expect((await post(body, k)).status).toBe(200);
    expectParticipantError(await post(body, k, 'pais_live_unknown'), 401, 'UNAUTHORIZED', 'Invalid API key');
    expectParticipantError(await post(body, k, ''), 401, 'UNAUTHORIZED', 'API key is required');
  });

  it('is refused, never ignored, by the operations that do not honour it (GET, DELETE)', async () => {
    const k = idem();
    const list = await h.call('GET', keysPath(q), { key: key.value, headers: { 'idempotency-key': k } });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({
      error: idempotencyNotSupportedMessage(
        'GET /v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys',
      ),
    });
    const doomed = await h.createKey(q.questionnaireId);
    const remove = await h.call('DELETE', `${keysPath(q)}/${doomed.id}`, {
      key: key.value,
      headers: { 'idempotency-key': k },
    });
    expect(remove.status).toBe(400);
    expect(await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: doomed.id } })).toMatchObject({
      deletedAt: null,
    });
    expectParticipantError(
      await h.call('GET', '/v1/results', { key: key.value, headers: { 'idempotency-key': k } }),
      400,
      'BAD_REQUEST',
      idempotencyNotSupportedMessage('GET /v1/results'),
    );
    expect(await h.db.prisma.idempotencyRecord.count({ where: { key: k } })).toBe(0);
    // Without the header they answer as before.
    expect((await h.call('GET', keysPath(q), { key: key.value })).status).toBe(200);
  });

  it('key creation: the same POST twice makes one key; the repeat gets a 409 naming it, never its value', async () => {
    const k = idem();
    const create = () =>
      h.call('POST', keysPath(q), {
        key: key.value,
        body: { key_name: `idempotent ${k}`, scopes: ['participant:read'] },
        headers: { 'idempotency-key': k },
      });
    const first = await create();
    expect(first.status).toBe(201);
    expect(first.body.api_key).toMatch(/^pais_live_/);
    const again = await create();
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: keyAlreadyCreatedMessage(first.body.id as string) });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).not.toContain(first.body.api_key);
    expect(
      await h.db.prisma.apiKey.count({
        where: { questionnaireId: q.questionnaireId, name: `idempotent ${k}` },
      }),
    ).toBe(1);
    // The value is stored nowhere but as its hash.
    const stored = await h.db.prisma.idempotencyRecord.findUniqueOrThrow({
      where: { apiKeyId_key: { apiKeyId: key.id, key: k } },
    });
    expect(JSON.stringify(stored)).not.toContain(first.body.api_key);
    // A different request with the key is still the mismatch.
    const other = await h.call('POST', keysPath(q), {
      key: key.value,
      body: { key_name: 'another', scopes: ['participant:read'] },
      headers: { 'idempotency-key': k },
    });
    expect(other.body).toEqual({ error: IDEMPOTENCY_MESSAGES.mismatch });
  });

  it('recover: a repeat gets the first answer replayed and recovers nothing more', async () => {
    const target = await h.seed();
    await configureWebhook(
      h.db.prisma,
      target.questionnaireId,
      { url: 'http://127.0.0.1:9/hook' },
      { settings: testSettings() },
    );
    const writer = await h.createKey(target.questionnaireId, ['webhook:write']);
    const k = idem();
    const recover = () =>
      h.call('POST', '/v1/webhooks/recover', {
        key: writer.value,
        body: { since: '2026-01-01T00:00:00Z' },
        headers: { 'idempotency-key': k },
      });
    const first = await recover();
    expect(first.status).toBe(202);
    const again = await recover();
    expect(again.status).toBe(202);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(
      await h.db.prisma.auditLog.count({
        where: { action: 'webhook.recover', questionnaireId: target.questionnaireId },
      }),
    ).toBe(1);
  });

  describe('the webhook endpoint API', () => {
    allowPrivateWebhookUrls();
    // Nothing listens there: the deliveries queued stay pending or fail, which is all these tests need.
    const NOWHERE = 'http://127.0.0.1:9/hook';
    const keyed = (k: string, body?: unknown) => ({ body, headers: { 'idempotency-key': k } });

    it('create: the same POST twice makes one endpoint; the repeat gets a 409 naming it, never the secret', async () => {
      const target = await h.seed();
      const writer = await h.createKey(target.questionnaireId, ['webhook:write']);
      const k = idem();
      const create = () => h.call('POST', ENDPOINTS, { key: writer.value, ...keyed(k, { url: NOWHERE }) });
      const first = await create();
      expect(first.status, first.text).toBe(201);
      const again = await create();
      expectParticipantError(again, 409, 'CONFLICT', endpointAlreadyCreatedMessage(first.body.id as string));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).not.toContain(first.body.secret);
      expect(
        await h.db.prisma.webhookEndpoint.count({ where: { questionnaireId: target.questionnaireId } }),
      ).toBe(1);
      const stored = await h.db.prisma.idempotencyRecord.findUniqueOrThrow({
        where: { apiKeyId_key: { apiKeyId: writer.id, key: k } },
      });
      expect(JSON.stringify(stored)).not.toContain(first.body.secret);
    });

    it('secret rotation: the same POST twice rotates once; the repeat gets a 409 naming the endpoint', async () => {
      const { q: target, key: writer, endpointId } = await createApiEndpoint(h, NOWHERE);
      const k = idem();
      const rotate = () =>
        h.call('POST', endpointPath(endpointId, '/secret/rotate'), {
          key: writer.value,
          ...keyed(k, { overlap_hours: 1 }),
        });
      const first = await rotate();
      expect(first.status, first.text).toBe(200);
      const again = await rotate();
      expectParticipantError(again, 409, 'CONFLICT', secretAlreadyRotatedMessage(endpointId));
      expect(again.text).not.toContain(first.body.secret);
      expect(
        await h.db.prisma.auditLog.count({
          where: { action: 'webhook.secret.rotate', questionnaireId: target.questionnaireId },
        }),
      ).toBe(1);
    });

    it('test event, retry now, end of the overlap and a URL change: a repeat replays the first answer', async () => {
      const { q: target, key: writer, endpointId } = await createApiEndpoint(h, NOWHERE);
      const twice = async (method: 'POST' | 'PATCH', path: string, body?: unknown) => {
        const k = idem();
        const first = await h.call(method, path, { key: writer.value, ...keyed(k, body) });
        const again = await h.call(method, path, { key: writer.value, ...keyed(k, body) });
        expect(first.status, first.text).toBeLessThan(300);
        expect(again.status).toBe(first.status);
        expect(again.text).toBe(first.text);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        return first;
      };
      const actions = async (action: string) =>
        h.db.prisma.auditLog.count({ where: { action, questionnaireId: target.questionnaireId } });

      await twice('POST', endpointPath(endpointId, '/test'));
      expect(await h.db.prisma.webhookDelivery.count({ where: { webhookId: endpointId } })).toBe(1);
      expect(await actions('webhook.test')).toBe(1);

      await publishForNewParticipant(h, target.questionnaireId, 'retried once');
      const delivery = await h.db.prisma.webhookDelivery.findFirstOrThrow({
        where: { webhookId: endpointId, eventType: { not: 'webhook.test' } },
      });
      // Gave up: a retry now sends it again with a fresh schedule.
      await h.db.prisma.webhookDelivery.update({ where: { id: delivery.id }, data: { status: 'failed' } });
      await twice('POST', deliveryPath(endpointId, delivery.id, '/retry'));
      expect(await actions('webhook.delivery.replay')).toBe(1);

      await h.call('POST', endpointPath(endpointId, '/secret/rotate'), { key: writer.value });
      await twice('POST', endpointPath(endpointId, '/secret/end-overlap'));
      expect(await actions('webhook.secret.overlap_end')).toBe(1);

      const moved = await twice('PATCH', endpointPath(endpointId), { url: `${NOWHERE}/v2` });
      expect(moved.body.url).toBe(`${NOWHERE}/v2`);
      expect(await actions('webhook.update')).toBe(1);
    });
  });

  it('pais listen refuses it on every POST (a session secret, a poll, an outcome are never replayed)', async () => {
    const { q: sandbox, key: sandboxKey } = await sandboxWithKey(h);
    const k = idem();
    const refused = (response: Awaited<ReturnType<typeof h.call>>, operation: string) =>
      expectParticipantError(response, 400, 'BAD_REQUEST', idempotencyNotSupportedOnListenMessage(operation));
    refused(
      await h.call('POST', LISTEN, { key: sandboxKey.value, headers: { 'idempotency-key': k } }),
      'POST /v1/webhooks/listen',
    );
    // Refused before it ran: no session, no listen endpoint.
    expect(
      await h.db.prisma.webhookEndpoint.count({ where: { questionnaireId: sandbox.questionnaireId } }),
    ).toBe(0);
    const session = await startSession(h, sandboxKey.value);
    refused(
      await h.call('POST', pollPath(session.session_id), {
        key: sandboxKey.value,
        body: { wait_seconds: 0 },
        headers: { 'idempotency-key': k },
      }),
      'POST /v1/webhooks/listen/{session_id}/poll',
    );
    refused(
      await h.call('POST', outcomePath(session.session_id, session.endpoint_id), {
        key: sandboxKey.value,
        body: { status_code: 200, duration_ms: 5 },
        headers: { 'idempotency-key': k },
      }),
      'POST /v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome',
    );
    expect(await h.db.prisma.idempotencyRecord.count({ where: { key: k } })).toBe(0);
  });

  it('concurrent requests with one key run once; the others wait and replay', async () => {
    const body = { project_uuid: q.questionnaireId, interview_ref_num: irn() };
    const k = idem();
    const all = await Promise.all(Array.from({ length: 8 }, () => post(body, k)));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(all.map((r) => r.text)).size).toBe(1);
    expect(all.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await participants(body.interview_ref_num)).toBe(1);
  });

  it.runIf(kind === 'postgresql')(
    'two instances on one PostgreSQL database run a keyed request once',
    async () => {
      const second = createDatabase(h.db.url, 5);
      try {
        const instances = [h.handler, createRestHandler({ db: second.prisma, rateLimitPerMinute: 100_000 })];
        const body = JSON.stringify({ project_uuid: q.questionnaireId, interview_ref_num: irn() });
        const k = idem();
        const responses = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            instances[i % 2]!(
              new Request(`${BASE}/v1/participant`, {
                method: 'POST',
                headers: {
                  authorization: key.value,
                  'content-type': 'application/json',
                  'idempotency-key': k,
                },
                body,
              }),
            ).then(async (r) => ({ status: r.status, text: await r.text() })),
          ),
        );
        expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
        expect(new Set(responses.map((r) => r.text)).size).toBe(1);
        expect(
          await participants((JSON.parse(body) as { interview_ref_num: string }).interview_ref_num),
        ).toBe(1);
      } finally {
        await second.close();
      }
    },
  );

  describe('records left behind', () => {
    const hashOf = (body: unknown) => idempotencyRequestHash('POST', '/v1/participant', body);
    /**
     * A fresh create body, an idempotency key, and the record a request with them left behind: by default
     * in progress, for this body, and not expired; `record` overrides.
     */
    const leftBehind = async (record: Partial<Prisma.IdempotencyRecordUncheckedCreateInput> = {}) => {
      const body = { project_uuid: q.questionnaireId, interview_ref_num: irn() };
      const k = idem();
      await h.db.prisma.idempotencyRecord.create({
        data: {
          apiKeyId: key.id,
          key: k,
          requestHash: hashOf(body),
          expiresAt: new Date(Date.now() + 60_000),
          ...record,
        },
      });
      return { body, k };
    };

    it('still in progress after the wait: 409 with Retry-After, nothing run', async () => {
      const { body, k } = await leftBehind();
      const impatient = createRestHandler({ db: h.db.prisma, idempotencyWaitMs: WAIT_MS });
      const started = Date.now();
      const response = await impatient(
        new Request(`${BASE}/v1/participant`, {
          method: 'POST',
          headers: { authorization: key.value, 'content-type': 'application/json', 'idempotency-key': k },
          body: JSON.stringify(body),
        }),
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS);
      const text = await response.text();
      const res = {
        status: response.status,
        headers: response.headers,
        text,
        body: JSON.parse(text) as unknown,
      };
      expectParticipantError(res, 409, 'CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await participants(body.interview_ref_num)).toBe(0);
    });

    it('abandoned (in progress for over a minute): the next request runs', async () => {
      const { body, k } = await leftBehind({
        createdAt: new Date(Date.now() - IDEMPOTENCY_STALE_MS - 1_000),
      });
      expect((await post(body, k)).status).toBe(200);
      expect(await participants(body.interview_ref_num)).toBe(1);
    });

    it('expired (kept 24 hours): the key is free again, and sweeping deletes such records', async () => {
      const { body, k } = await leftBehind({
        requestHash: 'another request',
        state: 'done',
        responseStatus: 200,
        responseBody: '{}',
        createdAt: new Date(Date.now() - 25 * 3600_000),
        expiresAt: new Date(Date.now() - 3600_000),
      });
      const res = await post(body, k);
      expect(res.status).toBe(200);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      const stored = await h.db.prisma.idempotencyRecord.findUniqueOrThrow({
        where: { apiKeyId_key: { apiKeyId: key.id, key: k } },
      });
      const hours = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3600_000;
      expect(hours).toBe(24);
      await h.db.prisma.idempotencyRecord.update({
        where: { apiKeyId_key: { apiKeyId: key.id, key: k } },
        data: { expiresAt: new Date(Date.now() - 1) },
      });
      expect(await sweepExpiredIdempotencyRecords(h.db.prisma)).toBeGreaterThanOrEqual(1);
      expect(await h.db.prisma.idempotencyRecord.count({ where: { key: k } })).toBe(0);
    });

    it('a 5xx is not kept: the retry with the same key runs again', async () => {
      const body = { project_uuid: q.questionnaireId, interview_ref_num: irn() };
      const k = idem();
      const restore = await failInsertsInto(h.db, 'participant');
      let failed;
      try {
        failed = await post(body, k);
      } finally {
        await restore();
      }
      expect(failed.status).toBe(500);
      expect(await h.db.prisma.idempotencyRecord.count({ where: { key: k } })).toBe(0);
      const retried = await post(body, k);
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(await participants(body.interview_ref_num)).toBe(1);
    });
  });
});
