// An API key's request log and usage, from real calls through the REST door on a real
// database: successful and failed calls (400, 404, 429) are listed for the key with their route, status,
// latency and request id, filterable by status; usage counts every call per hour with its 429s; nothing of
// the key, the body or the path's values is stored; another key's calls stay out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { createRestHarness, type RestHarness, type Seeded } from '@/server/test/rest-harness';
import { KEPT_SUCCESSES } from '@/server/api-keys/request-log-buffer';
import { keyUsageHours, listKeyRequests, startKeyRequestLog } from '@/server/api-keys/request-log';

describe.each(testDatabaseKinds())('API key request log (%s)', (kind) => {
  let h: RestHarness;
  let seeded: Seeded;
  let log: ReturnType<typeof startKeyRequestLog>;

  beforeAll(async () => {
    h = await createRestHarness(kind, { rateLimitPerMinute: 1_000 });
    seeded = await h.seed();
    log = startKeyRequestLog(() => h.db.prisma, 60_000);
  }, 120_000);
  afterAll(async () => {
    await log?.stop();
    await h?.close();
  });

  it('lists a key’s successful and failed calls, newest first, and counts them per hour', async () => {
    const key = await h.createKey(seeded.questionnaireId);
    const other = await h.createKey(seeded.questionnaireId);
    // Three calls a minute: the fourth call of the key is refused with 429.
    await h.db.prisma.apiKey.update({ where: { id: key.id }, data: { rateLimitPerMinute: 3 } });
    const irn = 'PERSONAL-IRN-4711';
    const created = await h.call('POST', '/v1/participant', {
      key: key.value,
      body: { project_uuid: seeded.questionnaireId, interview_ref_num: irn, email: 'jane@example.com' },
    });
    expect(created.status).toBe(200);
    const participantId = (created.body as { participant_uuid: string }).participant_uuid;
    const bad = await h.call('POST', '/v1/participant', { key: key.value, body: { project_uuid: 'nope' } });
    expect(bad.status).toBe(400);
    const missing = await h.call('GET', `/v1/participant/00000000-0000-4000-8000-000000000000`, {
      key: key.value,
    });
    expect(missing.status).toBe(404);
    await h.call('GET', `/v1/participant/${participantId}`, { key: other.value });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await h.call('GET', `/v1/participant/${participantId}`, { key: key.value })).status);
    expect(statuses).toContain(429);
    await log.flush();

    const all = await listKeyRequests(h.db.prisma, key.id, { filter: 'all', days: 7, limit: 50 });
    expect(all.requests.map((r) => r.status)).toEqual([...statuses].reverse().concat([404, 400, 200]));
    expect(all.requests.at(-1)).toMatchObject({
      method: 'POST',
      route: '/questionnaire/v1/participant',
      status: 200,
      requestId: created.headers.get('x-request-id'),
    });
    expect(all.requests.at(-3)).toMatchObject({ route: '/questionnaire/v1/participant/{participant_id}' });
    expect(all.requests.every((r) => r.durationMs >= 0)).toBe(true);

    const failed = await listKeyRequests(h.db.prisma, key.id, { filter: 'failed', days: 7, limit: 50 });
    expect(failed.requests.every((r) => r.status >= 400)).toBe(true);
    expect(failed.requests.map((r) => r.status)).toEqual(expect.arrayContaining([429, 404, 400]));
    const tooMany = await listKeyRequests(h.db.prisma, key.id, { filter: 429, days: 7, limit: 50 });
    expect(tooMany.requests.length).toBe(statuses.filter((s) => s === 429).length);

    // Pages follow one another without gaps or repeats.
    const first = await listKeyRequests(h.db.prisma, key.id, { filter: 'all', days: 7, limit: 3 });
    const second = await listKeyRequests(h.db.prisma, key.id, {
      filter: 'all',
      days: 7,
      limit: 50,
      before: first.next,
    });
    expect([...first.requests, ...second.requests].map((r) => r.id)).toEqual(all.requests.map((r) => r.id));

    const usage = await keyUsageHours(h.db.prisma, key.id, 7);
    expect(usage.reduce((n, u) => n + u.requests, 0)).toBe(7);
    expect(usage.reduce((n, u) => n + u.rateLimited, 0)).toBe(statuses.filter((s) => s === 429).length);
    expect(usage.reduce((n, u) => n + u.failed, 0)).toBe(2 + statuses.filter((s) => s === 429).length);
    expect(await listKeyRequests(h.db.prisma, other.id, { filter: 'all', days: 7, limit: 50 })).toMatchObject(
      {
        requests: [{ status: 200 }],
      },
    );

    // Nothing personal or secret is kept: not the key, the IRN, the e-mail nor the participant's id.
    const stored = JSON.stringify(
      await h.db.prisma.$queryRaw`SELECT * FROM api_key_request`,
      (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
    );
    for (const secret of [key.value, other.value, irn, 'jane@example.com', participantId])
      expect(stored).not.toContain(secret);
  });

  it('keeps every failed call of a busy second and a sample of its successes, and counts them all', async () => {
    const key = await h.createKey(seeded.questionnaireId);
    const calls = KEPT_SUCCESSES + 10;
    for (let i = 0; i < calls; i++)
      await h.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: seeded.questionnaireId, interview_ref_num: `BUSY-${i}` },
      });
    await h.call('POST', '/v1/participant', { key: key.value, body: {} });
    await log.flush();
    const all = await listKeyRequests(h.db.prisma, key.id, { filter: 'all', days: 7, limit: 100 });
    expect(all.requests.filter((r) => r.status === 200)).toHaveLength(KEPT_SUCCESSES);
    expect(all.requests.filter((r) => r.status === 400)).toHaveLength(1);
    const usage = await keyUsageHours(h.db.prisma, key.id, 7);
    expect(usage.reduce((n, u) => n + u.requests, 0)).toBe(calls + 1);
  });
});
