// `pais listen`'s paths (/v1/webhooks/listen, our extension) through the REST door as production serves it:
// a session makes the sandbox questionnaire's endpoint a listen endpoint, whose deliveries the dispatcher never
// sends; its poll hands them over signed with the session's secret, in order, and waits for one (beyond the
// request's deadline); an outcome settles them as a send would (the delivery log shows each attempt, failures
// go to the retry schedule); a new session takes over what the previous one did not report; ending a session
// leaves later deliveries waiting. Sandbox keys only, the scopes, rule 5 and every refusal in the documented
// shape (each answer is checked against the OpenAPI document).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { allowPrivateWebhookUrls } from '@/server/test/allow-private-webhook-urls';
import { expectParticipantError, useRestHarness } from '@/server/test/rest-harness';
import { useBlockTestReceiver } from '@/server/test/webhook-database';
import {
  deliveryPath,
  ENDPOINTS,
  endpointPath,
  publishForNewParticipant,
  verifiesWith,
} from '@/server/test/webhook-api';
import {
  LISTEN,
  outcomePath,
  poll,
  pollPath,
  report,
  sandboxWithKey,
  startSession,
  type HandedDelivery,
} from '@/server/test/webhook-listen';
import { flushWebhooks } from '@/server/webhooks/dispatcher';
import { publishResult } from '@/server/results/results';
import { sampleResult } from '@/server/test/webhook-fixtures';
import { setWebhookActive } from '@/server/webhooks/config';
import { setListenWakeSource } from '@/server/webhooks/listen-wake';
import { LISTEN_MESSAGES } from '@/server/webhooks/listen-messages';
import { TEST_HEADER_NAME, TEST_HEADER_VALUE } from '@/server/webhooks/test-header';
import { LISTEN_API_MESSAGES } from '@/server/rest-contract/listen-schemas';
import { MESSAGES } from '@/server/participants/messages';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { PARTICIPANT_AUTH } from '@/server/api-keys/messages';

/** The summaries of handed-over deliveries, in their order. */
const summaries = (handed: HandedDelivery[]) =>
  handed.map((d) => (JSON.parse(d.body) as { summary: string }).summary);

describe.each(testDatabaseKinds())('pais listen’s paths on %s', (kind) => {
  allowPrivateWebhookUrls();
  // A request's database work must end within 1.5 s of its arrival: a long poll waits longer than that.
  const h = useRestHarness(kind, { deadline: { deadlineMs: 1_500, statementTimeoutMs: 1_000 } });
  const receiver = useBlockTestReceiver();

  beforeAll(async () => {
    await setListenWakeSource(
      h.db.pglite ? { kind: 'pglite', pglite: h.db.pglite } : { kind: 'postgresql', url: h.db.url },
    );
  });
  afterAll(async () => {
    await setListenWakeSource(undefined);
  });

  const deliveriesOf = (endpointId: string) =>
    h.db.prisma.webhookDelivery.findMany({ where: { webhookId: endpointId }, orderBy: { createdAt: 'asc' } });

  it('hands the listen endpoint’s deliveries to the session signed with its secret, and the outcome settles them', async () => {
    const { q, key } = await sandboxWithKey(h, ['webhook:write']);
    const session = await startSession(h, key.value);
    expect(session.secret).toMatch(/^whsec_/);
    const listed = await h.call('GET', ENDPOINTS, { key: key.value });
    expect(listed.body.endpoints).toEqual([
      expect.objectContaining({ id: session.endpoint_id, url: 'pais listen', delivery_mode: 'listen' }),
    ]);
    expect(listed.text).not.toContain(session.secret.slice('whsec_'.length));

    const { participantId } = await publishForNewParticipant(h, q.questionnaireId, 'first');
    // The dispatcher never sends a listen endpoint's deliveries.
    expect(await flushWebhooks(h.db.prisma)).toMatchObject({ claimed: 0 });

    const [handed, ...more] = await poll(h, key.value, session.session_id);
    expect(more).toEqual([]);
    expect(handed).toMatchObject({
      event_type: 'result.update',
      test: false,
      participant_uuid: participantId,
      attempt: 1,
    });
    expect(handed!.headers['content-type']).toBe('application/json');
    expect(handed!.headers['webhook-id']).toBe(handed!.message_id);
    // Marked as test data, as the dispatcher marks a sandbox's deliveries.
    expect(handed!.headers[TEST_HEADER_NAME]).toBe(TEST_HEADER_VALUE);
    expect(verifiesWith(session.secret, handed!)).toMatchObject({ summary: 'first' });
    // The exact bytes the dispatcher would send: the payload in the published key order.
    const stored = await h.call('GET', deliveryPath(session.endpoint_id, handed!.id), { key: key.value });
    expect(handed!.body).toBe(JSON.stringify(stored.body.payload));

    // An answer lost on the way: the next poll hands the same delivery over again, as the same attempt (the
    // session's id in any case).
    const [again] = await poll(h, key.value, session.session_id.toUpperCase());
    expect(again).toMatchObject({ id: handed!.id, message_id: handed!.message_id, attempt: 1 });

    const settled = await report(h, key.value, session.session_id, handed!.id, {
      status_code: 204,
      duration_ms: 12,
    });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      id: handed!.id,
      state: 'succeeded',
      attempt_count: 1,
      attempts: [{ status_code: 204, duration_ms: 12, error: null }],
    });
    expect(await poll(h, key.value, session.session_id)).toEqual([]);
    // Reported once: a second report is refused and records nothing.
    expectParticipantError(
      await report(h, key.value, session.session_id, handed!.id, { status_code: 204, duration_ms: 1 }),
      409,
      'CONFLICT',
      LISTEN_MESSAGES.notLeased,
    );
    const log = await h.call('GET', endpointPath(session.endpoint_id, '/deliveries'), { key: key.value });
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({ id: handed!.id, state: 'succeeded', attempts: settled.body.attempts }),
    ]);

    const audit = await h.db.prisma.auditLog.findMany({
      where: { questionnaireId: q.questionnaireId },
      orderBy: { at: 'asc' },
    });
    expect(audit.map((a) => [a.action, a.actorType, a.actorId])).toEqual([
      ['webhook.create', 'api_key', key.id],
      ['webhook.listen.start', 'api_key', key.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain(session.secret.slice('whsec_'.length));
  });

  it('hands deliveries over in order, a participant’s newer result only once the older one is settled', async () => {
    const { q, key } = await sandboxWithKey(h);
    const session = await startSession(h, key.value);
    const a = await publishForNewParticipant(h, q.questionnaireId, 'a1');
    await publishForNewParticipant(h, q.questionnaireId, 'b1');
    const first = await poll(h, key.value, session.session_id);
    expect(summaries(first)).toEqual(['a1', 'b1']);
    // A second revision of a's result while the first is being forwarded: it waits for the first's outcome.
    await publishResult(h.db.prisma, {
      participantId: a.participantId,
      result: sampleResult({ summary: 'a2' }),
      source: 'engine',
    });
    expect(await poll(h, key.value, session.session_id)).toEqual(
      first.map((d): unknown => expect.objectContaining({ id: d.id })),
    );
    for (const d of first)
      await report(h, key.value, session.session_id, d.id, { status_code: 200, duration_ms: 3 });
    const second = await poll(h, key.value, session.session_id);
    expect(summaries(second)).toEqual(['a2']);
  });

  it('sends a failed attempt to the retry schedule, and hands it over again when it is due', async () => {
    const { q, key } = await sandboxWithKey(h);
    const session = await startSession(h, key.value);
    await publishForNewParticipant(h, q.questionnaireId, 'retry me');
    const [handed] = await poll(h, key.value, session.session_id);
    const failed = await report(h, key.value, session.session_id, handed!.id, {
      status_code: 500,
      duration_ms: 40,
    });
    expect(failed.body).toMatchObject({ state: 'retrying', last_error: 'HTTP 500', attempt_count: 1 });
    const due = Date.parse(failed.body.next_attempt_at as string) - Date.now();
    // The schedule's first step: 5 s, with its jitter.
    expect(due).toBeGreaterThan(3_000);
    expect(due).toBeLessThan(6_000);
    expect(await poll(h, key.value, session.session_id)).toEqual([]);

    // The step is due (moved forward rather than waited for): handed over again, a second attempt.
    await h.db.prisma.webhookDelivery.update({
      where: { id: handed!.id },
      data: { nextAttemptAt: new Date() },
    });
    const [retried] = await poll(h, key.value, session.session_id);
    expect(retried).toMatchObject({ id: handed!.id, message_id: handed!.message_id, attempt: 2 });
    const refused = await report(h, key.value, session.session_id, handed!.id, {
      status_code: null,
      duration_ms: 2,
      error: 'connect ECONNREFUSED 127.0.0.1:8080',
    });
    expect(refused.body).toMatchObject({
      state: 'retrying',
      attempt_count: 2,
      last_error: 'connect ECONNREFUSED 127.0.0.1:8080',
      attempts: [
        { status_code: null, duration_ms: 2, error: 'connect ECONNREFUSED 127.0.0.1:8080' },
        { status_code: 500, duration_ms: 40, error: 'HTTP 500' },
      ],
    });

    // Retry now is the session's too: due at once, handed to the poll rather than sent anywhere.
    const retryNow = await h.call('POST', deliveryPath(session.endpoint_id, handed!.id, '/retry'), {
      key: key.value,
    });
    expect(retryNow.status).toBe(202);
    const [now] = await poll(h, key.value, session.session_id);
    expect(now).toMatchObject({ id: handed!.id, attempt: 3 });
    expect(
      (await report(h, key.value, session.session_id, handed!.id, { status_code: 200, duration_ms: 5 })).body,
    ).toMatchObject({ state: 'succeeded', attempt_count: 3 });
  });

  it('waits for a delivery beyond the request’s deadline, holding no connection, and wakes when one is queued', async () => {
    const { q, key } = await sandboxWithKey(h);
    const session = await startSession(h, key.value);
    const waiting = h.call('POST', pollPath(session.session_id), { key: key.value, body: {} });
    // Published well after the deadline of the poll's arrival (1.5 s) has passed.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    if (kind === 'postgresql') {
      // Meanwhile the poll holds no transaction (nor the connection one would take from the pool).
      const [open] = await h.db.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`;
      expect(open!.n).toBe(0);
    }
    await publishForNewParticipant(h, q.questionnaireId, 'late');
    const polled = await waiting;
    expect(polled.status, polled.text).toBe(200);
    expect(summaries((polled.body as { deliveries: HandedDelivery[] }).deliveries)).toEqual(['late']);
  });

  it('hands what a replaced session did not report to the new one, with the same webhook-id', async () => {
    const { q, key } = await sandboxWithKey(h);
    const old = await startSession(h, key.value);
    await publishForNewParticipant(h, q.questionnaireId, 'in flight');
    const [held] = await poll(h, key.value, old.session_id);

    const next = await startSession(h, key.value);
    expect(next.endpoint_id).toBe(old.endpoint_id);
    expect(next.secret).not.toBe(old.secret);
    for (const [method, path] of [
      ['POST', pollPath(old.session_id)],
      ['POST', outcomePath(old.session_id, held!.id)],
      ['DELETE', `${LISTEN}/${old.session_id}`],
    ] as const)
      expectParticipantError(
        await h.call(method, path, {
          key: key.value,
          ...(method === 'POST' ? { body: { status_code: 200, duration_ms: 1 } } : {}),
        }),
        404,
        'NOT_FOUND',
        LISTEN_MESSAGES.sessionNotFound,
      );

    const [resent] = await poll(h, key.value, next.session_id);
    // Its second attempt: the first, which the replaced session may have forwarded, is in the log.
    expect(resent).toMatchObject({ id: held!.id, message_id: held!.message_id, attempt: 2 });
    // Signed with the new session's secret only.
    expect(verifiesWith(next.secret, resent!)).toMatchObject({ summary: 'in flight' });
    expect(() => verifiesWith(old.secret, resent!)).toThrow();
    const done = await report(h, key.value, next.session_id, held!.id, { status_code: 200, duration_ms: 7 });
    expect(done.body).toMatchObject({
      state: 'succeeded',
      attempts: [
        { status_code: 200, duration_ms: 7, error: null },
        {
          status_code: null,
          duration_ms: 0,
          error:
            'The pais listen session that held it ended before reporting its outcome; it goes to the next session',
        },
      ],
    });
  });

  it('ends a session: later deliveries wait for the next one, and nothing sends them meanwhile', async () => {
    const { q, key } = await sandboxWithKey(h);
    const session = await startSession(h, key.value);
    const ended = await h.call('DELETE', `${LISTEN}/${session.session_id}`, { key: key.value });
    expect(ended.status).toBe(204);
    expectParticipantError(
      await h.call('POST', pollPath(session.session_id), { key: key.value, body: {} }),
      404,
      'NOT_FOUND',
      LISTEN_MESSAGES.sessionNotFound,
    );
    await publishForNewParticipant(h, q.questionnaireId, 'while nobody listens');
    expect(await flushWebhooks(h.db.prisma)).toMatchObject({ claimed: 0 });
    const next = await startSession(h, key.value);
    const [waited] = await poll(h, key.value, next.session_id);
    expect(verifiesWith(next.secret, waited!)).toMatchObject({ summary: 'while nobody listens' });
    expect((await deliveriesOf(next.endpoint_id)).map((d) => d.attemptCount)).toEqual([1]);
  });

  it('gives a listen endpoint its URL back: the session ends and the dispatcher sends what waited', async () => {
    const { q, key } = await sandboxWithKey(h);
    const session = await startSession(h, key.value);
    await publishForNewParticipant(h, q.questionnaireId, 'to the URL');
    const moved = await h.call('PATCH', endpointPath(session.endpoint_id), {
      key: key.value,
      body: { url: receiver().url },
    });
    expect(moved.body).toMatchObject({ url: receiver().url, delivery_mode: 'http' });
    expectParticipantError(
      await h.call('POST', pollPath(session.session_id), { key: key.value, body: {} }),
      404,
      'NOT_FOUND',
      LISTEN_MESSAGES.sessionNotFound,
    );
    const before = receiver().requests.length;
    expect(await flushWebhooks(h.db.prisma)).toMatchObject({ succeeded: 1 });
    const [arrived] = (await receiver().waitFor(before + 1)).slice(before);
    expect(verifiesWith(session.secret, arrived!)).toMatchObject({ summary: 'to the URL' });
    // An endpoint with a URL is not taken over.
    expectParticipantError(
      await h.call('POST', LISTEN, { key: key.value }),
      409,
      'CONFLICT',
      LISTEN_MESSAGES.httpEndpoint,
    );
  });

  it('refuses a live key, a key without the scope, an Admin’s pause and another questionnaire’s delivery', async () => {
    const live = await h.seed();
    const liveKey = await h.createKey(live.questionnaireId, ['webhook:write', 'webhook:read']);
    const anySession = randomUUID();
    for (const [method, path, body] of [
      ['POST', LISTEN, undefined],
      ['POST', pollPath(anySession), { wait_seconds: 'not even valid' }],
      ['POST', outcomePath(anySession, randomUUID()), {}],
      ['DELETE', `${LISTEN}/${anySession}`, undefined],
    ] as const)
      expectParticipantError(
        await h.call(method, path, { key: liveKey.value, body }),
        403,
        'FORBIDDEN',
        LISTEN_MESSAGES.sandboxOnly,
      );

    const { q, key } = await sandboxWithKey(h, ['webhook:write']);
    const reader = await h.createKey(q.questionnaireId, ['webhook:read']);
    const participantKey = await h.createKey(q.questionnaireId, ['participant:write']);
    expectParticipantError(
      await h.call('POST', LISTEN, { key: reader.value }),
      403,
      'FORBIDDEN',
      PARTICIPANT_AUTH.forbidden,
    );
    const session = await startSession(h, key.value);
    expectParticipantError(
      await h.call('POST', pollPath(session.session_id), { key: participantKey.value, body: {} }),
      403,
      'FORBIDDEN',
      PARTICIPANT_AUTH.forbidden,
    );
    expectParticipantError(
      await h.call('POST', pollPath(session.session_id), { body: {} }),
      401,
      'UNAUTHORIZED',
      PARTICIPANT_AUTH.missing,
    );
    // webhook:read polls and reports, with the session's id.
    await publishForNewParticipant(h, q.questionnaireId, 'read scope');
    const [handed] = await poll(h, reader.value, session.session_id);
    expect(verifiesWith(session.secret, handed!)).toMatchObject({ summary: 'read scope' });

    // Another sandbox questionnaire's key: its session and delivery are not its own.
    const other = await sandboxWithKey(h, ['webhook:write']);
    expectParticipantError(
      await h.call('POST', pollPath(session.session_id), { key: other.key.value, body: {} }),
      403,
      'FORBIDDEN',
      MESSAGES.notAssociated,
    );
    const otherSession = await startSession(h, other.key.value);
    expectParticipantError(
      await report(h, other.key.value, otherSession.session_id, handed!.id, {
        status_code: 200,
        duration_ms: 1,
      }),
      403,
      'FORBIDDEN',
      MESSAGES.notAssociated,
    );
    expectParticipantError(
      await report(h, key.value, session.session_id, randomUUID(), { status_code: 200, duration_ms: 1 }),
      404,
      'NOT_FOUND',
      WEBHOOK_MESSAGES.deliveryNotFound,
    );

    await setWebhookActive(h.db.prisma, q.questionnaireId, false);
    expectParticipantError(
      await h.call('POST', pollPath(session.session_id), { key: key.value, body: {} }),
      409,
      'CONFLICT',
      LISTEN_MESSAGES.pausedByAdmin,
    );
    expectParticipantError(
      await h.call('POST', LISTEN, { key: key.value }),
      409,
      'CONFLICT',
      LISTEN_MESSAGES.pausedByAdmin,
    );
  });

  it('answers bad input with the field named', async () => {
    const { key } = await sandboxWithKey(h);
    const session = await startSession(h, key.value);
    const delivery = randomUUID();
    const cases: [string, string, unknown, string][] = [
      ['POST', pollPath('not-a-session'), {}, LISTEN_API_MESSAGES.sessionIdFormat],
      ['POST', pollPath(session.session_id), { wait_seconds: 26 }, LISTEN_API_MESSAGES.waitSeconds],
      ['POST', pollPath(session.session_id), { wait_seconds: '5' }, LISTEN_API_MESSAGES.waitSeconds],
      ['POST', pollPath(session.session_id), { wait_seconds: 1.5 }, LISTEN_API_MESSAGES.waitSeconds],
      [
        'POST',
        outcomePath(session.session_id, 'nope'),
        { status_code: 200, duration_ms: 1 },
        LISTEN_API_MESSAGES.deliveryIdFormat,
      ],
      ['POST', outcomePath(session.session_id, delivery), { duration_ms: 1 }, LISTEN_API_MESSAGES.statusCode],
      [
        'POST',
        outcomePath(session.session_id, delivery),
        { status_code: 99, duration_ms: 1 },
        LISTEN_API_MESSAGES.statusCode,
      ],
      [
        'POST',
        outcomePath(session.session_id, delivery),
        { status_code: 200 },
        LISTEN_API_MESSAGES.durationMs,
      ],
      [
        'POST',
        outcomePath(session.session_id, delivery),
        { status_code: 200, duration_ms: -1 },
        LISTEN_API_MESSAGES.durationMs,
      ],
      [
        'POST',
        outcomePath(session.session_id, delivery),
        { status_code: null, duration_ms: 1 },
        LISTEN_API_MESSAGES.errorRequired,
      ],
      [
        'POST',
        outcomePath(session.session_id, delivery),
        { status_code: 500, duration_ms: 1, error: 'x'.repeat(1_001) },
        LISTEN_API_MESSAGES.error,
      ],
      ['DELETE', `${LISTEN}/nope`, undefined, LISTEN_API_MESSAGES.sessionIdFormat],
    ];
    for (const [method, path, body, message] of cases)
      expectParticipantError(
        await h.call(method, path, { key: key.value, body }),
        400,
        'BAD_REQUEST',
        message,
      );
    expectParticipantError(
      await h.call('POST', pollPath(randomUUID()), { key: key.value, body: {} }),
      404,
      'NOT_FOUND',
      LISTEN_MESSAGES.sessionNotFound,
    );
  });
});
