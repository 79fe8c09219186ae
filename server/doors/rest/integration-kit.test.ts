// Sandbox questionnaires and test results on demand (our extensions), through the typed client against the
// real REST door: pais_test_ keys, keys that never cross between sandbox and live, and test results stored
// and queued exactly like the engine's.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '@/client/index';
import { createApiKey, forgetVerifiedApiKeys } from '@/server/api-keys/api-keys';
import { createQuestionnaire } from '@/server/questionnaires/questionnaires';
import { SANDBOX_ONLY, TEST_RESULT_DEFAULTS } from '@/server/results/test-results';
import { NO_DELIVERY_QUEUED } from '@/server/results/messages';
import { publishResult } from '@/server/results/results';
import { configureWebhook } from '@/server/webhooks/config';
import { createResultIngestionHandler } from '@/server/doors/result-ingestion';
import { overLimitRatings, testSettings } from '@/server/test/webhook-fixtures';
import { testDatabaseKinds } from '@/server/test/database';
import { ALL_SCOPES } from '@/server/test/questionnaire-fixture';
import { documentedClient, useRestHarness, type Seeded } from '@/server/test/rest-harness';

const NOT_ASSOCIATED = 'API Key not associated with this Questionnaire';

describe.each(testDatabaseKinds())('sandbox questionnaires and test results on %s', (kind) => {
  const h = useRestHarness(kind);
  let sandbox: Seeded;
  let live: Seeded;
  let sandboxKey: string;
  let liveKey: string;
  let n = 0;

  const clientWith = (apiKey: string): ServiceClient => documentedClient(h, apiKey);

  const createParticipant = async (apiKey: string, project: Seeded) => {
    const { data, response } = await clientWith(apiKey).POST('/v1/participant', {
      body: { project_uuid: project.questionnaireId, interview_ref_num: `KIT-${kind}-${++n}` },
    });
    expect(response.status).toBe(200);
    return data!;
  };
  const triggerTest = (apiKey: string, participantId: string, body?: Record<string, unknown>) =>
    clientWith(apiKey).POST('/v1/participant/{participant_uuid}/test-result', {
      params: { path: { participant_uuid: participantId } },
      // The typed body, or none at all (the body is optional).
      ...(body ? { body: body as never } : {}),
    });

  beforeAll(async () => {
    sandbox = await h.seed({ sandbox: true });
    live = await h.seed({ tenantId: sandbox.tenantId });
    sandboxKey = (await h.createKey(sandbox.questionnaireId)).value;
    liveKey = (await h.createKey(live.questionnaireId)).value;
  });

  describe('keys', () => {
    it('a sandbox questionnaire’s keys start with pais_test_, a live one’s with pais_live_', async () => {
      expect(sandboxKey).toMatch(/^pais_test_[A-Za-z0-9_-]{43}$/);
      expect(liveKey).toMatch(/^pais_live_[A-Za-z0-9_-]{43}$/);
      // Minted through the API by a sandbox key: a sandbox key again, masked with its prefix in lists.
      const minted = await clientWith(sandboxKey).POST(
        '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys',
        {
          params: { path: { tenant_id: sandbox.tenantId, questionnaire_id: sandbox.questionnaireId } },
          body: { key_name: 'minted', scopes: ['participant:read'] },
        },
      );
      expect(minted.data?.api_key).toMatch(/^pais_test_/);
      const listed = await clientWith(sandboxKey).GET(
        '/v1/tenants/{tenant_id}/questionnaires/{questionnaire_id}/apikeys',
        { params: { path: { tenant_id: sandbox.tenantId, questionnaire_id: sandbox.questionnaireId } } },
      );
      for (const key of listed.data ?? []) expect(key.api_key).toMatch(/^pais_test_.{4}…/);
    });

    it('the CLI’s and the Admin app’s service creates a sandbox that is recorded as such', async () => {
      const actor = { type: 'cli' as const, id: 'tester' };
      const created = await createQuestionnaire(
        h.db.prisma,
        { tenantId: sandbox.tenantId, name: 'Created as sandbox', sandbox: true },
        actor,
      );
      expect(created.sandbox).toBe(true);
      const { record } = await createApiKey(
        h.db.prisma,
        { questionnaireId: created.id, name: 'first', scopes: ALL_SCOPES },
        actor,
      );
      expect(record.api_key).toMatch(/^pais_test_/);
      const audit = await h.db.prisma.auditLog.findFirst({
        where: { action: 'questionnaire.create', targetId: created.id },
      });
      expect(audit?.details).toMatchObject({ sandbox: true });
    });

    it('a sandbox key on a live questionnaire gets the spec’s 403, and a live key on a sandbox one', async () => {
      const livePerson = await createParticipant(liveKey, live);
      const sandboxPerson = await createParticipant(sandboxKey, sandbox);
      const crossings: [string, Seeded, string][] = [
        [sandboxKey, live, livePerson.participant_uuid],
        [liveKey, sandbox, sandboxPerson.participant_uuid],
      ];
      for (const [apiKey, project, participantId] of crossings) {
        const client = clientWith(apiKey);
        const created = await client.POST('/v1/participant', {
          body: { project_uuid: project.questionnaireId, interview_ref_num: `cross-${++n}` },
        });
        expect(created.error).toMatchObject({ error: 'FORBIDDEN', status: 403, message: NOT_ASSOCIATED });
        const read = await client.GET('/v1/participant/{participant_id}', {
          params: { path: { participant_id: participantId } },
        });
        expect(read.error).toMatchObject({ status: 403, message: NOT_ASSOCIATED });
        const outcome = await client.PUT('/v1/participant/{participant_id}', {
          params: { path: { participant_id: participantId } },
          body: { outcome: 'X' },
        });
        expect(outcome.error).toMatchObject({ status: 403, message: NOT_ASSOCIATED });
        const result = await client.GET('/v1/participant/{participant_uuid}/result', {
          params: { path: { participant_uuid: participantId } },
        });
        expect(result.error).toMatchObject({ status: 403, message: NOT_ASSOCIATED });
      }
      expect(await h.db.prisma.participant.count({ where: { irn: { startsWith: 'cross-' } } })).toBe(0);
    });

    it('a key whose prefix does not match its questionnaire’s mode is refused with the 403', async () => {
      const q = await h.seed({ tenantId: sandbox.tenantId });
      const key = (await h.createKey(q.questionnaireId)).value;
      expect((await clientWith(key).GET('/v1/results')).response.status).toBe(200);
      // Not possible through any door (the mode is fixed at creation); written here to prove the check.
      await h.db.prisma.questionnaire.update({ where: { id: q.questionnaireId }, data: { sandbox: true } });
      forgetVerifiedApiKeys();
      const refused = await clientWith(key).GET('/v1/results');
      expect(refused.error).toMatchObject({ error: 'FORBIDDEN', status: 403, message: NOT_ASSOCIATED });
    });
  });

  describe('POST /v1/participant/{participant_uuid}/test-result', () => {
    let secretOfSandbox: string;
    beforeAll(async () => {
      // An active webhook (never called here: the delivery itself is the dispatcher's and the e2e suite's).
      const configured = await configureWebhook(
        h.db.prisma,
        sandbox.questionnaireId,
        { url: 'http://127.0.0.1:9/hook' },
        { settings: testSettings() },
      );
      secretOfSandbox = configured.secret!;
    });

    it('without a body: 202 with the queued message id, the sample result stored and queued', async () => {
      const person = await createParticipant(sandboxKey, sandbox);
      const { data, response } = await triggerTest(sandboxKey, person.participant_uuid);
      expect(response.status).toBe(202);
      expect(secretOfSandbox).toMatch(/^whsec_/);
      expect(data?.message_ids).toHaveLength(1);
      expect(data?.message_ids[0]).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
      const delivery = await h.db.prisma.webhookDelivery.findUniqueOrThrow({
        where: { messageId: data!.message_ids[0]! },
      });
      expect(delivery).toMatchObject({ status: 'pending', eventType: 'result.update' });
      const result = await clientWith(sandboxKey).GET('/v1/participant/{participant_uuid}/result', {
        params: { path: { participant_uuid: person.participant_uuid } },
      });
      const { participant_uuid, updated_at, test, ...payload } = result.data!;
      expect(participant_uuid).toBe(person.participant_uuid);
      expect(updated_at).toBe(payload.timestamp);
      // Marked as test data here, never in the payload.
      expect(test).toBe(true);
      expect(data).not.toHaveProperty('warning');
      // The webhook payload as queued is the current result the API shows (key order aside).
      expect(delivery.payload).toEqual(payload);
      expect(payload).toMatchObject({
        ...TEST_RESULT_DEFAULTS,
        callback_type: 'Result Update',
        project_uuid: sandbox.questionnaireId,
        interview_ref_num: person.interview_ref_num,
      });
      expect(data?.result_id).toBe(
        (await h.db.prisma.result.findFirstOrThrow({ where: { participantId: person.participant_uuid } })).id,
      );
      const audit = await h.db.prisma.auditLog.findFirst({
        where: { action: 'result.publish', targetId: data!.result_id },
      });
      expect(audit).toMatchObject({ actorType: 'api_key', questionnaireId: sandbox.questionnaireId });
    });

    it('takes any subset of the result, and publishing again updates it', async () => {
      const person = await createParticipant(sandboxKey, sandbox);
      await triggerTest(sandboxKey, person.participant_uuid);
      const { data, response } = await triggerTest(sandboxKey, person.participant_uuid, {
        status: 'Attempted - Incomplete',
        overall_evaluation: 'HR',
        is_not_complete: true,
        questions_risk_rating: [{ sequence: '7', risk_level: 'HR', text: null, note: 'follow up' }],
      });
      expect(response.status).toBe(202);
      const stored = await h.db.prisma.webhookDelivery.findUniqueOrThrow({
        where: { messageId: data!.message_ids[0]! },
      });
      expect(stored.payload).toMatchObject({
        status: 'Attempted - Incomplete',
        overall_evaluation: 'HR',
        is_not_complete: true,
        summary: TEST_RESULT_DEFAULTS.summary,
        questions_risk_rating: [{ sequence: '7', risk_level: 'HR', text: null, note: 'follow up' }],
      });
      const results = await h.db.prisma.result.findMany({
        where: { participantId: person.participant_uuid },
      });
      expect(results).toHaveLength(1);
      expect(results[0]!.status).toBe('Attempted - Incomplete');
    });

    it('validates the fields exactly as the engine’s results are validated', async () => {
      const person = await createParticipant(sandboxKey, sandbox);
      const ingest = createResultIngestionHandler({ db: () => h.db.prisma, token: () => 'engine-token' });
      const bad: Record<string, unknown>[] = [
        { summary_bgcolor: 'red' },
        { status: '' },
        { is_admission: 'yes' },
        { questions_risk_rating: [{ sequence: 1, risk_level: 'LR' }] },
        { overall_evaluation: 'x'.repeat(101) },
        { summary: 'nul\u0000' },
        ...overLimitRatings().map(({ ratings }) => ({ questions_risk_rating: ratings })),
      ];
      for (const fields of bad) {
        const res = await triggerTest(sandboxKey, person.participant_uuid, fields);
        const engine = await ingest(
          new Request('http://localhost/api/internal/results', {
            method: 'POST',
            headers: { authorization: 'Bearer engine-token', 'content-type': 'application/json' },
            body: JSON.stringify({
              participant_uuid: person.participant_uuid,
              ...TEST_RESULT_DEFAULTS,
              ...fields,
            }),
          }),
        );
        const engineBody = (await engine.json()) as { message: string };
        expect(engine.status, JSON.stringify(fields)).toBe(400);
        expect(res.error, JSON.stringify(fields)).toMatchObject({
          error: 'BAD_REQUEST',
          status: 400,
          message: engineBody.message.replace(/questions_risk_rating\[\d+\]/, 'questions_risk_rating[]'),
        });
      }
      expect(await h.db.prisma.result.count({ where: { participantId: person.participant_uuid } })).toBe(0);
    });

    it('a live key gets 403 in the participant error shape, and nothing is stored', async () => {
      const person = await createParticipant(liveKey, live);
      const { error, response } = await triggerTest(liveKey, person.participant_uuid);
      expect(response.status).toBe(403);
      expect(Object.keys(error!)).toEqual(['error', 'status', 'message', 'timestamp']);
      expect(error).toMatchObject({ error: 'FORBIDDEN', status: 403, message: SANDBOX_ONLY });
      // Even on a participant that does not exist: a live key learns nothing here.
      const unknown = await triggerTest(liveKey, randomUUID());
      expect(unknown.error).toMatchObject({ status: 403, message: SANDBOX_ONLY });
      expect(await h.db.prisma.result.count({ where: { participantId: person.participant_uuid } })).toBe(0);
    });

    it('a sandbox key on a live participant: 403 not associated; unknown: 404; scope: 403', async () => {
      const livePerson = await createParticipant(liveKey, live);
      const crossing = await triggerTest(sandboxKey, livePerson.participant_uuid);
      expect(crossing.error).toMatchObject({ status: 403, message: NOT_ASSOCIATED });
      const unknown = await triggerTest(sandboxKey, randomUUID());
      expect(unknown.error).toMatchObject({ status: 404, message: 'Participant not found' });
      const malformed = await triggerTest(sandboxKey, 'not-a-uuid');
      expect(malformed.error).toMatchObject({ status: 400, message: 'Invalid participant_uuid format' });
      const readOnly = (await h.createKey(sandbox.questionnaireId, ['participant:read'])).value;
      const person = await createParticipant(sandboxKey, sandbox);
      const scoped = await triggerTest(readOnly, person.participant_uuid);
      expect(scoped.error).toMatchObject({ status: 403, message: 'Invalid API key scope' });
      expect(await h.db.prisma.result.count({ where: { participantId: livePerson.participant_uuid } })).toBe(
        0,
      );
    });

    it('an empty body is no body; a body that is not JSON is still refused', async () => {
      const person = await createParticipant(sandboxKey, sandbox);
      const path = `/v1/participant/${person.participant_uuid}/test-result`;
      const empty = await h.call('POST', path, { key: sandboxKey, rawBody: '' });
      expect(empty.status).toBe(202);
      const broken = await h.call('POST', path, { key: sandboxKey, rawBody: '{"status":' });
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({ message: 'Invalid JSON format' });
      const array = await h.call('POST', path, { key: sandboxKey, body: [] });
      expect(array.body).toMatchObject({ status: 400, message: 'Request body must be a JSON object' });
      // The published create still refuses an empty body as before.
      const create = await h.call('POST', '/v1/participant', { key: sandboxKey, rawBody: '' });
      expect(create.body).toMatchObject({ status: 400, message: 'Invalid JSON format' });
    });

    it('with an Idempotency-Key, the same request twice publishes one result and replays the answer', async () => {
      const person = await createParticipant(sandboxKey, sandbox);
      const send = () =>
        h.call('POST', `/v1/participant/${person.participant_uuid}/test-result`, {
          key: sandboxKey,
          body: { status: 'Attempted - Partial' },
          headers: { 'idempotency-key': `test-result-${kind}-${person.participant_uuid}` },
        });
      const first = await send();
      const again = await send();
      expect([first.status, again.status]).toEqual([202, 202]);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const where = { result: { participantId: person.participant_uuid } };
      expect(await h.db.prisma.resultRevision.count({ where })).toBe(1);
      expect(
        await h.db.prisma.webhookDelivery.count({ where: { participantId: person.participant_uuid } }),
      ).toBe(1);
    });
  });

  describe('test data marked in our result endpoints, and a test result that reached no webhook', () => {
    it('the feed and the single result say test: true in a sandbox, false in a live questionnaire', async () => {
      const sandboxPerson = await createParticipant(sandboxKey, sandbox);
      await triggerTest(sandboxKey, sandboxPerson.participant_uuid);
      const livePerson = await createParticipant(liveKey, live);
      await publishResult(h.db.prisma, {
        participantId: livePerson.participant_uuid,
        result: TEST_RESULT_DEFAULTS,
        source: 'engine',
      });
      for (const [apiKey, person, test] of [
        [sandboxKey, sandboxPerson, true],
        [liveKey, livePerson, false],
      ] as const) {
        const feed = await clientWith(apiKey).GET('/v1/results', { params: { query: { limit: 1000 } } });
        const entry = feed.data!.results.find((r) => r.participant_uuid === person.participant_uuid);
        expect(entry?.test).toBe(test);
        const single = await clientWith(apiKey).GET('/v1/participant/{participant_uuid}/result', {
          params: { path: { participant_uuid: person.participant_uuid } },
        });
        expect(single.data?.test).toBe(test);
      }
    });

    it('says why no delivery was queued: no webhook endpoint, or every one disabled', async () => {
      const bare = await h.seed({ tenantId: sandbox.tenantId, sandbox: true });
      const bareKey = (await h.createKey(bare.questionnaireId)).value;
      const person = await createParticipant(bareKey, bare);
      const none = await triggerTest(bareKey, person.participant_uuid);
      expect(none.data).toEqual({
        result_id: expect.any(String),
        message_ids: [],
        warning: NO_DELIVERY_QUEUED.noEndpoint,
      });
      const { webhook } = await configureWebhook(
        h.db.prisma,
        bare.questionnaireId,
        { url: 'http://127.0.0.1:9/hook' },
        { settings: testSettings() },
      );
      await h.db.prisma.webhookEndpoint.update({ where: { id: webhook.id }, data: { active: false } });
      const disabled = await triggerTest(bareKey, person.participant_uuid);
      expect(disabled.data).toMatchObject({ message_ids: [], warning: NO_DELIVERY_QUEUED.allDisabled });
    });
  });
});
