// The API-key endpoints (create, list, delete) through the real REST handler and database.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/server/platform/lib/database-errors';
import { testDatabaseKinds } from '@/server/test/database';
import { INTERNAL_ERROR_MESSAGE } from '@/server/platform/lib/errors';
import { createRestHandler } from '../doors/rest/handler';
import { SPEC_ERROR_ROWS, rowKey } from '../test/spec-error-rows';
import {
  BASE,
  expectApiKeyError,
  failInsertsInto,
  expectParticipantError,
  keysPath,
  restSuite,
  type RestResponse,
} from '@/server/test/rest-harness';
import { ALL_SCOPES } from '@/server/test/questionnaire-fixture';

const MASKED = /^pais_live_.{4}….{4}$/;

describe.each(testDatabaseKinds())('API-key endpoints on %s', (kind) => {
  // A key with every scope of the service.
  const { h, q, key: admin } = restSuite(kind);

  const create = (body: unknown, apiKey: string | null = admin.value, seeded = q) =>
    h.call('POST', keysPath(seeded), { key: apiKey, body });
  const list = (apiKey: string | null = admin.value, seeded = q) =>
    h.call('GET', keysPath(seeded), { key: apiKey });
  const remove = (idOrValue: string, apiKey: string | null = admin.value, seeded = q) =>
    h.call('DELETE', `${keysPath(seeded)}/${idOrValue}`, { key: apiKey });
  const createParticipant = (apiKey: string) =>
    h.call('POST', '/v1/participant', {
      key: apiKey,
      body: { project_uuid: q.questionnaireId, interview_ref_num: randomUUID() },
    });

  describe('create: happy', () => {
    it('variant A (scopes): 201 with the full key once, the list named scopes', async () => {
      const res = await create({ key_name: 'CRM sync', scopes: ['participant:write', 'apikey:delete'] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        api_key: expect.stringMatching(/^pais_live_[A-Za-z0-9_-]{43}$/),
        key_name: 'CRM sync',
        scopes: ['participant:write', 'apikey:delete'],
        questionnaire_id: q.questionnaireId,
        create_ts: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        update_ts: expect.stringMatching(/Z$/),
      });
      expect(Object.keys(res.body)).not.toContain('permissions');
      expect((await createParticipant(res.body.api_key as string)).status).toBe(200);
      const stored = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: res.body.id as string } });
      expect(stored.createdByKey).toBe(admin.id);
      expect(stored.hash).not.toBe(res.body.api_key);
      expect(JSON.stringify(stored)).not.toContain(res.body.api_key);
    });

    it('variant B (permissions): the list comes back named permissions, in create and in list', async () => {
      const res = await create({ key_name: 'Reader', permissions: ['participant:read', 'participant:read'] });
      expect(res.status).toBe(201);
      expect(res.body.permissions).toEqual(['participant:read']);
      expect(Object.keys(res.body)).not.toContain('scopes');
      const listed = (await list()).body as Record<string, unknown>[];
      expect(listed.find((k) => k.id === res.body.id)).toMatchObject({ permissions: ['participant:read'] });
      expect(Object.keys(listed.find((k) => k.id === res.body.id)!)).not.toContain('scopes');
    });

    it('a key may be created with every scope of the service', async () => {
      const res = await create({ key_name: 'all', permissions: ALL_SCOPES });
      expect(res.status).toBe(201);
    });
  });

  describe('list: happy', () => {
    it('lists the live keys, newest first, every api_key masked', async () => {
      const made = await create({ key_name: 'to list', scopes: ['participant:write'] });
      const res = await list();
      expect(res.status).toBe(200);
      const keys = res.body as Record<string, string>[];
      expect(keys[0]!.id).toBe(made.body.id);
      for (const k of keys) expect(k.api_key).toMatch(MASKED);
      expect(keys.find((k) => k.id === made.body.id)!.api_key).toBe(
        `${(made.body.api_key as string).slice(0, 14)}…${(made.body.api_key as string).slice(-4)}`,
      );
      expect(res.text).not.toContain(made.body.api_key);
      expect(res.text).not.toContain(admin.value);
    });

    it('a key with apikey:delete only may list', async () => {
      const deleter = (await h.createKey(q.questionnaireId, ['apikey:delete'])).value;
      expect((await list(deleter)).status).toBe(200);
    });
  });

  describe('delete: happy', () => {
    it('variant A: by the raw key value; 204, and the key gets 401 at once everywhere', async () => {
      const made = await create({ key_name: 'doomed', scopes: ['participant:write', 'apikey:write'] });
      const value = made.body.api_key as string;
      expect((await createParticipant(value)).status).toBe(200);
      const res = await remove(value);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectParticipantError(await createParticipant(value), 401, 'UNAUTHORIZED', 'Invalid API key');
      expectApiKeyError(await list(value), 401, 'Invalid API key');
      expect(((await list()).body as { id: string }[]).map((k) => k.id)).not.toContain(made.body.id);
    });

    it('variant B: by the key id (a UUID, any case)', async () => {
      const made = await create({ key_name: 'doomed B', permissions: ['participant:write'] });
      expect((await remove((made.body.id as string).toUpperCase())).status).toBe(204);
      expectParticipantError(
        await createParticipant(made.body.api_key as string),
        401,
        'UNAUTHORIZED',
        'Invalid API key',
      );
    });

    it('a key may delete itself', async () => {
      const self = await h.createKey(q.questionnaireId, ['apikey:delete']);
      expect((await remove(self.id, self.value)).status).toBe(204);
      expectApiKeyError(await list(self.value), 401, 'Invalid API key');
    });
  });

  describe('errors', () => {
    const cases: Record<string, () => Promise<RestResponse>> = {
      'create 400 key_name is required and cannot be null or empty': () =>
        create({ scopes: ['apikey:write'] }),
      'create 400 scope is required and cannot be null or empty': () => create({ key_name: 'x' }),
      'create 401 Authorization header is required': () =>
        create({ key_name: 'x', scopes: ['apikey:write'] }, null),
      'create 403 You are not authorized to perform this operation': async () =>
        create(
          { key_name: 'x', scopes: ['apikey:write'] },
          (await h.createKey(q.questionnaireId, ['participant:write', 'apikey:delete'])).value,
        ),
      'delete 400 API key value is required (path parameter missing or empty)': () =>
        h.call('DELETE', `${keysPath(q)}/`, { key: admin.value }),
      'delete 401 Authorization header is required': () => remove(randomUUID(), null),
      'delete 401 Invalid API key': () => remove(randomUUID(), 'pais_live_unknown'),
      'delete 403 Invalid API key scope': async () =>
        remove(randomUUID(), (await h.createKey(q.questionnaireId, ['apikey:write'])).value),
      'delete 404 API key not found or Invalid tenant for this questionnaire': () => remove(randomUUID()),
    };
    const rows = SPEC_ERROR_ROWS.filter((row) => row.endpoint === 'create' || row.endpoint === 'delete');

    it('has a case for every row of the spec’s API-key table', () => {
      expect(Object.keys(cases).sort()).toEqual(rows.map((row) => `${row.endpoint} ${rowKey(row)}`).sort());
    });

    it.each(rows)('$endpoint $status $message', async (row) => {
      expectApiKeyError(await cases[`${row.endpoint} ${rowKey(row)}`]!(), row.status, row.message);
    });

    it.each([
      [{ key_name: null, scopes: ['apikey:write'] }, 'key_name is required and cannot be null or empty'],
      [{ key_name: '   ', scopes: ['apikey:write'] }, 'key_name is required and cannot be null or empty'],
      [{ key_name: 12, scopes: ['apikey:write'] }, 'key_name must be a string'],
      [{ key_name: 'x'.repeat(256), scopes: ['apikey:write'] }, 'key_name must be at most 255 characters'],
      [
        { key_name: 'ci\u200bkey', scopes: ['apikey:write'] },
        'key_name must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks)',
      ],
      [
        { key_name: 'ci-key\u202e', scopes: ['apikey:write'] },
        'key_name must not contain invisible or text-direction characters (such as zero-width spaces or right-to-left marks)',
      ],
      [{ key_name: 'x', scopes: [] }, 'scope is required and cannot be null or empty'],
      [{ key_name: 'x', scopes: null }, 'scope is required and cannot be null or empty'],
      [{ key_name: 'x', permissions: [] }, 'scope is required and cannot be null or empty'],
      [{ key_name: 'x', scopes: 'apikey:write' }, 'scopes must be an array of strings'],
      [{ key_name: 'x', permissions: [7] }, 'permissions must be an array of strings'],
      [
        { key_name: 'x', scopes: ['apikey:write', 'admin:all'] },
        'Unknown scope: admin:all. Known scopes: participant:read, participant:write, participant:delete, apikey:write, apikey:delete, webhook:read, webhook:write',
      ],
      [
        { key_name: 'x', scopes: ['apikey:write'], permissions: ['apikey:write'] },
        'Send either scopes or permissions, not both',
      ],
      [{ scopes: [] }, 'key_name is required and cannot be null or empty'],
    ])('create names the problem for %j', async (body, message) => {
      expectApiKeyError(await create(body), 400, message);
    });

    it('create: unparsable JSON and an unknown key in the API-key shape', async () => {
      expectApiKeyError(
        await h.call('POST', keysPath(q), { key: admin.value, rawBody: '{' }),
        400,
        'Invalid JSON format',
      );
      expectApiKeyError(
        await create({ key_name: 'x', scopes: ['apikey:write'] }, 'nope'),
        401,
        'Invalid API key',
      );
    });

    it('delete: a blank key segment is the spec’s 400', async () => {
      expectApiKeyError(
        await remove('%20'),
        400,
        'API key value is required (path parameter missing or empty)',
      );
    });

    it('list: 401 and 403 in the API-key shape', async () => {
      expectApiKeyError(await list(null), 401, 'Authorization header is required');
      expectApiKeyError(await list('nope'), 401, 'Invalid API key');
      const participantOnly = (await h.createKey(q.questionnaireId, ['participant:write'])).value;
      expectApiKeyError(await list(participantOnly), 403, 'Invalid API key scope');
    });
  });

  describe('security', () => {
    it('a key cannot create keys for another questionnaire or tenant, nor with a mismatched path', async () => {
      const sibling = await h.seed({ tenantId: q.tenantId });
      const foreign = await h.seed();
      const before = await h.db.prisma.apiKey.count();
      const body = { key_name: 'intruder', scopes: ['apikey:write'] };
      const forbidden = 'You are not authorized to perform this operation';
      expectApiKeyError(await create(body, admin.value, sibling), 403, forbidden);
      expectApiKeyError(await create(body, admin.value, foreign), 403, forbidden);
      expectApiKeyError(
        await create(body, admin.value, { ...q, tenantId: foreign.tenantId }),
        403,
        forbidden,
      );
      expectApiKeyError(await create(body, admin.value, { ...q, tenantId: 'not-a-uuid' }), 403, forbidden);
      // Authorisation is decided before the body is read.
      expectApiKeyError(await create({}, admin.value, foreign), 403, forbidden);
      expect(await h.db.prisma.apiKey.count()).toBe(before);
    });

    it('a key cannot list another questionnaire’s keys', async () => {
      const foreign = await h.seed();
      await h.createKey(foreign.questionnaireId);
      expectApiKeyError(
        await list(admin.value, foreign),
        403,
        'You are not authorized to perform this operation',
      );
    });

    it('a key cannot delete another questionnaire’s key, by id or by value, through any path', async () => {
      const foreign = await h.seed();
      const victim = await h.createKey(foreign.questionnaireId, ['apikey:delete', 'apikey:write']);
      const notFound = 'API key not found or Invalid tenant for this questionnaire';
      expectApiKeyError(await remove(victim.id, admin.value, foreign), 404, notFound);
      expectApiKeyError(await remove(victim.value, admin.value, foreign), 404, notFound);
      expectApiKeyError(await remove(victim.id), 404, notFound);
      expectApiKeyError(await remove(victim.value), 404, notFound);
      expect((await list(victim.value, foreign)).status).toBe(200);
    });

    it('records when a key was used without changing update_ts, writing at most once a minute', async () => {
      const user = await h.createKey(q.questionnaireId, ['apikey:write']);
      const before = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: user.id } });
      expect(before.lastUsedAt).toBeNull();
      await list(user.value);
      const first = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: user.id } });
      expect(first.lastUsedAt).toBeInstanceOf(Date);
      expect(first.updatedAt).toEqual(before.updatedAt);
      await list(user.value);
      const second = await h.db.prisma.apiKey.findUniqueOrThrow({ where: { id: user.id } });
      expect(second.lastUsedAt).toEqual(first.lastUsedAt);
    });

    it('a huge Authorization header is just an invalid key', async () => {
      expectApiKeyError(await list('x'.repeat(10_000)), 401, 'Invalid API key');
    });
  });

  describe('every error is {error} only, whatever the status', () => {
    const keyOnly = (res: { status: number; body: unknown; headers: Headers }, status: number) => {
      expect(res.status).toBe(status);
      expect(Object.keys(res.body as object)).toEqual(['error']);
      expect(typeof (res.body as { error: unknown }).error).toBe('string');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    };
    /** The answer of another handler on the same database (a tight rate limit, or a database that is down). */
    const answerOf = async (
      handler: (req: Request) => Promise<Response>,
      method: string,
      path: string,
      apiKey = admin.value,
    ) => {
      const res = await handler(
        new Request(`${BASE}${path}`, {
          method,
          headers: { authorization: apiKey, 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        }),
      );
      return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
    };

    it('400, 401, 403, 404, 405, 413 and 415', async () => {
      keyOnly(await create({ scopes: ['apikey:write'] }), 400);
      keyOnly(await create('not json', admin.value), 400);
      keyOnly(await h.call('POST', keysPath(q), { key: admin.value, rawBody: '{' }), 400);
      keyOnly(await list(null), 401);
      keyOnly(await list((await h.createKey(q.questionnaireId, ['participant:write'])).value), 403);
      keyOnly(await remove(randomUUID()), 404);
      keyOnly(await h.call('GET', `${keysPath(q)}/${randomUUID()}`, { key: admin.value }), 405);
      keyOnly(await h.call('PATCH', keysPath(q), { key: admin.value, body: {} }), 405);
      keyOnly(
        await h.call('POST', keysPath(q), {
          key: admin.value,
          rawBody: `{"key_name":"${'a'.repeat(70_000)}"}`,
        }),
        413,
      );
      keyOnly(
        await h.call('POST', keysPath(q), {
          key: admin.value,
          rawBody: 'key_name=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        415,
      );
    });

    it('429, on every API-key endpoint', async () => {
      // A key of its own: rate-limit buckets live in the database, shared by every handler.
      const busy = (await h.createKey(q.questionnaireId, ['apikey:write', 'apikey:delete'])).value;
      const limited = createRestHandler({ db: h.db.prisma, rateLimitPerMinute: 1 });
      expect((await answerOf(limited, 'GET', keysPath(q), busy)).status).toBe(200);
      for (const [method, path] of [
        ['GET', keysPath(q)],
        ['POST', keysPath(q)],
        ['DELETE', `${keysPath(q)}/${randomUUID()}`],
      ] as const) {
        const res = await answerOf(limited, method, path, busy);
        keyOnly(res, 429);
        expect(res.headers.get('retry-after')).not.toBeNull();
      }
    });

    it('500 for an unexpected failure, without its details', async () => {
      const restore = await failInsertsInto(h.db, 'api_key');
      try {
        const res = await create({ key_name: 'doomed', scopes: ['apikey:write'] });
        keyOnly(res, 500);
        expect(res.body).toEqual({ error: INTERNAL_ERROR_MESSAGE });
      } finally {
        await restore();
      }
    });

    it('503 when the database cannot be reached', async () => {
      // Nothing listens on port 1: every query fails to connect.
      const unreachable = createDatabase('postgresql://nobody@127.0.0.1:1/none', 1);
      try {
        const res = await answerOf(createRestHandler({ db: unreachable.prisma }), 'GET', keysPath(q));
        keyOnly(res, 503);
        expect(res.body).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
        expect(res.headers.get('retry-after')).not.toBeNull();
      } finally {
        await unreachable.close();
      }
    });
  });
});
