// OWASP API Security Top 10 (2023) checks of the REST door, at the HTTP level against the real handler and
// database:
//   API1 object-level authorisation: a key never reads, changes or erases another tenant's or another
//        questionnaire's participants or keys, and learns nothing from trying;
//   API2 authentication: missing, unknown, over-long, deleted keys; keys kept only as SHA-256 and looked up by
//        it (the machine endpoints' bearer tokens: server/doors/machine-door.test.ts);
//   API3 property-level exposure: records carry exactly the published fields, never a hash, and the full key
//        only in the creation response;
//   API4 resource consumption: body size limit, JSON nesting limit, per-key rate limit, bounded pages.
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '@/server/api-keys/secret';
import { auditFilterSchema } from '@/server/audit/audit-log';
import { participantPageSchema } from '@/server/participants/search';
import { deliveryFilterSchema } from '@/server/webhooks/delivery-log';
import { participantRecordSchema } from '@/server/participants/rest-view';
import { testDatabaseKinds } from '@/server/test/database';
import { rowCounts } from '@/server/test/row-counts';
import {
  expectApiKeyError,
  expectParticipantError,
  keysPath,
  restSuite,
  type Seeded,
} from '@/server/test/rest-harness';

describe.each(testDatabaseKinds())('REST door security (%s)', (kind) => {
  const { h, q: mine, key } = restSuite(kind, { door: { rateLimitPerMinute: 100_000 } });
  let sibling: Seeded;
  let foreign: Seeded;
  let theirParticipant: string;
  let siblingParticipant: string;
  let theirKey: { id: string; value: string };
  let n = 0;

  beforeAll(async () => {
    sibling = await h.seed({ tenantId: mine.tenantId });
    foreign = await h.seed();
    theirKey = await h.createKey(foreign.questionnaireId);
    const siblingKey = await h.createKey(sibling.questionnaireId);
    const create = async (q: Seeded, apiKey: string) =>
      (
        await h.call('POST', '/v1/participant', {
          key: apiKey,
          body: {
            project_uuid: q.questionnaireId,
            interview_ref_num: `SEC-${kind}-${++n}`,
            email: 'x@example.com',
          },
        })
      ).body.participant_uuid as string;
    theirParticipant = await create(foreign, theirKey.value);
    siblingParticipant = await create(sibling, siblingKey.value);
  });

  describe('API1: broken object-level authorisation', () => {
    it('another tenant’s or questionnaire’s participant: not readable, changeable or erasable, and nothing changes', async () => {
      const before = await rowCounts(h.db.prisma);
      const snapshot = await h.db.prisma.participant.findMany({
        where: { id: { in: [theirParticipant, siblingParticipant] } },
        orderBy: { id: 'asc' },
      });
      for (const id of [theirParticipant, siblingParticipant]) {
        // Rule 5: a participant of any other questionnaire, of this tenant or another, is "not yours".
        const [status, error, message] = [403, 'FORBIDDEN', 'API Key not associated with this Questionnaire'];
        expectParticipantError(
          await h.call('GET', `/v1/participant/${id}`, { key: key.value }),
          status,
          error,
          message,
        );
        expectParticipantError(
          await h.call('PUT', `/v1/participant/${id}`, { key: key.value, body: { outcome: 'HIJACKED' } }),
          status,
          error,
          message,
        );
        expectParticipantError(
          await h.call('DELETE', `/v1/participant/${id}`, { key: key.value }),
          status,
          error,
          message,
        );
      }
      // A retake of their participant, even naming my own questionnaire as the project.
      const retake = await h.call('POST', '/v1/participant', {
        key: key.value,
        body: {
          project_uuid: mine.questionnaireId,
          interview_ref_num: 'SEC-x',
          participant_uuid: theirParticipant,
        },
      });
      expectParticipantError(retake, 403, 'FORBIDDEN', 'API Key not associated with this Questionnaire');
      // Creating a participant in their questionnaire.
      const planted = await h.call('POST', '/v1/participant', {
        key: key.value,
        body: { project_uuid: foreign.questionnaireId, interview_ref_num: 'SEC-planted' },
      });
      expectParticipantError(planted, 403, 'FORBIDDEN', 'API Key not associated with this Questionnaire');
      expect(await rowCounts(h.db.prisma)).toEqual(before);
      expect(
        await h.db.prisma.participant.findMany({
          where: { id: { in: [theirParticipant, siblingParticipant] } },
          orderBy: { id: 'asc' },
        }),
      ).toEqual(snapshot);
    });

    it('another tenant’s keys: not listable, creatable or deletable, by id or by value', async () => {
      const before = await rowCounts(h.db.prisma);
      const theirs = keysPath(foreign);
      const mixed = `/v1/tenants/${mine.tenantId}/questionnaires/${foreign.questionnaireId}/apikeys`;
      for (const path of [theirs, mixed]) {
        expectApiKeyError(
          await h.call('GET', path, { key: key.value }),
          403,
          'You are not authorized to perform this operation',
        );
        expectApiKeyError(
          await h.call('POST', path, { key: key.value, body: { key_name: 'x', scopes: ['apikey:write'] } }),
          403,
          'You are not authorized to perform this operation',
        );
      }
      for (const victim of [theirKey.id, encodeURIComponent(theirKey.value)]) {
        for (const path of [theirs, keysPath(mine)]) {
          expectApiKeyError(
            await h.call('DELETE', `${path}/${victim}`, { key: key.value }),
            404,
            'API key not found or Invalid tenant for this questionnaire',
          );
        }
      }
      expect(await rowCounts(h.db.prisma)).toEqual(before);
      expect(
        (await h.call('GET', `/v1/participant/${theirParticipant}`, { key: theirKey.value })).status,
      ).toBe(200);
    });
  });

  describe('API2: broken authentication', () => {
    it('refuses a missing, unknown, over-long or malformed key with 401 and the spec’s message', async () => {
      const path = `/v1/participant/${theirParticipant}`;
      expectParticipantError(
        await h.call('GET', path, { key: null }),
        401,
        'UNAUTHORIZED',
        'API key is required',
      );
      for (const bad of [
        'pais_live_unknown',
        key.value.slice(0, -1),
        `${key.value}x`,
        key.value.toUpperCase(),
        `pais_live_${'A'.repeat(10_000)}`,
        hashApiKey(key.value),
      ]) {
        expectParticipantError(
          await h.call('GET', path, { key: bad }),
          401,
          'UNAUTHORIZED',
          'Invalid API key',
        );
      }
    });

    it('a key deleted through the API is refused at once, on every endpoint', async () => {
      const doomed = await h.createKey(mine.questionnaireId);
      expect((await h.call('GET', keysPath(mine), { key: doomed.value })).status).toBe(200);
      expect((await h.call('DELETE', `${keysPath(mine)}/${doomed.id}`, { key: key.value })).status).toBe(204);
      expectApiKeyError(await h.call('GET', keysPath(mine), { key: doomed.value }), 401, 'Invalid API key');
      expectParticipantError(
        await h.call('POST', '/v1/participant', { key: doomed.value, body: {} }),
        401,
        'UNAUTHORIZED',
        'Invalid API key',
      );
    });

    it('stores only the SHA-256 of a key, and finds a key by that hash, never by comparing key text', async () => {
      const rows = await h.db.prisma.apiKey.findMany();
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(key.value);
      expect(rows.find((r) => r.id === key.id)?.hash).toBe(hashApiKey(key.value));

      // The stored hash alone decides: give a fresh key's row the hash of another value, and that value is
      // accepted while the key's own text is refused (a fresh key: no instance has it verified and cached).
      const fresh = await h.createKey(mine.questionnaireId);
      const other = generateApiKey();
      await h.db.prisma.apiKey.update({ where: { id: fresh.id }, data: { hash: other.hash } });
      expectApiKeyError(await h.call('GET', keysPath(mine), { key: fresh.value }), 401, 'Invalid API key');
      expect((await h.call('GET', keysPath(mine), { key: other.value })).status).toBe(200);
    });
  });

  describe('API3: broken object property level authorisation', () => {
    it('participant records carry exactly the published fields', async () => {
      const res = await h.call('POST', '/v1/participant', {
        key: key.value,
        body: {
          project_uuid: mine.questionnaireId,
          interview_ref_num: `SEC-${kind}-props`,
          is_participant_allowed: false,
          outcome: 'X',
          erased_at: 'now',
          questionnaire_id: foreign.questionnaireId,
        },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(participantRecordSchema.shape).sort());
      // Fields a client may not set are ignored, not applied (no mass assignment).
      expect(res.body).toMatchObject({
        is_participant_allowed: true,
        outcome: null,
        project_uuid: mine.questionnaireId,
      });
    });

    it('the full key appears only in the creation response; lists are masked and never carry a hash', async () => {
      const created = await h.call('POST', keysPath(mine), {
        key: key.value,
        body: { key_name: 'one-time', permissions: ['participant:read'] },
      });
      expect(created.status).toBe(201);
      expect(created.body.api_key).toMatch(/^pais_live_/);
      const listed = await h.call('GET', keysPath(mine), { key: key.value });
      const text = listed.text;
      expect(text).not.toContain(created.body.api_key);
      expect(text).not.toContain(key.value);
      expect(text).not.toMatch(/"hash"|"start"|"end"|createdBy|rate_?limit/i);
      for (const record of listed.body as { api_key: string }[])
        expect(record.api_key).toMatch(/^pais_live_.{4}….{4}$/);
    });
  });

  describe('API4: unrestricted resource consumption', () => {
    it('bodies over 64 KiB get 413 before they are read in full, deep JSON a 400', async () => {
      const huge = JSON.stringify({
        project_uuid: mine.questionnaireId,
        interview_ref_num: 'x'.repeat(70 * 1024),
      });
      expectParticipantError(
        await h.call('POST', '/v1/participant', { key: key.value, rawBody: huge }),
        413,
        'PAYLOAD_TOO_LARGE',
        'Request body must not exceed 64 KiB',
      );
      const deep = `${'['.repeat(65)}${']'.repeat(65)}`;
      expectParticipantError(
        await h.call('POST', '/v1/participant', { key: key.value, rawBody: deep }),
        400,
        'BAD_REQUEST',
        'JSON nesting must not exceed 64 levels',
      );
    });

    it('every key is rate limited (see server/doors/rest/rate-limit.test.ts); pages are bounded everywhere', () => {
      for (const schema of [participantPageSchema, deliveryFilterSchema, auditFilterSchema]) {
        expect(schema.safeParse({ limit: 200 }).success).toBe(true);
        expect(schema.safeParse({ limit: 201 }).success).toBe(false);
      }
      expect(auditFilterSchema.parse({}).limit).toBe(50);
    });
  });
});
