// The REST door as a whole: unknown paths, wrong methods, body size and type, odd input of every kind (no
// input may produce a 500), UTC timestamps, and the route files that mount it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import * as restRoute from '@/app/questionnaire/v1/[...path]/route';
import * as openApiRoute from '@/app/questionnaire/v1/openapi.json/route';
import * as docsRoute from '@/app/questionnaire/v1/docs/route';
import * as docsAssetRoute from '@/app/questionnaire/v1/docs/[asset]/route';
import { MAX_JSON_BODY_BYTES as MAX_BODY_BYTES } from '@/server/platform/lib/json-body';
import {
  BASE,
  expectApiKeyError,
  expectParticipantError,
  keysPath,
  restSuite,
  type RestResponse,
} from '@/server/test/rest-harness';
import { restTestDoor } from '@/server/test/fast-door-harness';
import { REST_BODY_FIELDS } from '@/server/test/rest-body-fields';

// Far from UTC, so a timestamp written in local time would be caught by expectParticipantError.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('the route files', () => {
  it('export every method from the REST catch-all, answering unknown paths without a database', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      expect(typeof restRoute[method]).toBe('function');
    }
    const res = await restRoute.GET(new Request(`${BASE}/v1/no-such-thing`));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: 'NOT_FOUND',
      status: 404,
      message: 'Endpoint not found',
    });
  });

  it('serve the OpenAPI document', async () => {
    const res = openApiRoute.GET();
    expect(res.status).toBe(200);
    expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });

  it('serve the docs page with Swagger UI from our own origin', async () => {
    const page = await docsRoute
      .GET(new Request('http://localhost/questionnaire/v1/docs', { headers: { 'x-nonce': 'n0nce' } }))
      .text();
    // Each script carries the request's nonce: the page's Content-Security-Policy admits no other.
    expect([...page.matchAll(/<script nonce="n0nce" src=/g)]).toHaveLength(2);
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const src of sources) {
      expect(src).toMatch(/^\/questionnaire\/v1\/docs\//);
      const asset = await docsAssetRoute.GET(new Request(`http://localhost${src}`), {
        params: Promise.resolve({ asset: src.split('/').pop()! }),
      });
      expect(asset.status).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const init = await (
      await docsAssetRoute.GET(new Request('http://localhost/'), {
        params: Promise.resolve({ asset: 'init.js' }),
      })
    ).text();
    expect(init).toContain('/questionnaire/v1/openapi.json');
    expect(init).not.toMatch(/https?:\/\//);
  });

  it('serve nothing else from node_modules', async () => {
    for (const asset of ['package.json', '..%2Fpackage.json', '../../package.json', 'index.html']) {
      const res = await docsAssetRoute.GET(new Request('http://localhost/'), {
        params: Promise.resolve({ asset }),
      });
      expect(res.status).toBe(404);
    }
  });
});

describe.each(testDatabaseKinds())('the REST door on %s', (kind) => {
  const { h, q, key } = restSuite(kind);

  describe('paths and methods', () => {
    it.each(['/v1', '/v1/participants', '/v2/participant', '/v1/participant/a/b'])(
      '404 in the participant shape for %s',
      async (path) => {
        expectParticipantError(await h.call('GET', path, { key }), 404, 'NOT_FOUND', 'Endpoint not found');
      },
    );

    it.each(['/v1/tenants/x', `/v1/tenants/a/questionnaires/b/apikeys/c/d`])(
      '404 as {error} only under the API-key paths: %s',
      async (path) => {
        expectApiKeyError(await h.call('GET', path, { key }), 404, 'Endpoint not found');
      },
    );

    it('405 with Allow for a method the path does not take', async () => {
      const res = await h.call('PATCH', '/v1/participant', { key, body: {} });
      expectParticipantError(
        res,
        405,
        'METHOD_NOT_ALLOWED',
        'Method PATCH is not allowed here; use POST or GET',
      );
      expect(res.headers.get('allow')).toBe('POST, GET');
      const keys = await h.call('PUT', keysPath(q), { key, body: {} });
      expectApiKeyError(keys, 405, 'Method PUT is not allowed here; use POST or GET');
      expect(keys.headers.get('allow')).toBe('POST, GET');
    });

    it('tolerates a trailing slash and letter case in the path, as trpc-to-openapi routes them', async () => {
      const res = await h.call('POST', '/V1/Participant/', {
        key,
        body: { project_uuid: q.questionnaireId, interview_ref_num: `door-${kind}-slash` },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('bodies', () => {
    const valid = () => ({
      project_uuid: q.questionnaireId,
      interview_ref_num: `door-${kind}-${Math.random()}`,
    });

    it('415 for a body that is not JSON', async () => {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        expectParticipantError(
          await h.call('POST', '/v1/participant', { key, rawBody: 'a=b', headers: { 'content-type': type } }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'Content-Type must be application/json',
        );
      }
    });

    it('reads a body with a charset parameter, an upper-case type, or no type at all', async () => {
      for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
        const res = await h.call('POST', '/v1/participant', {
          key,
          rawBody: JSON.stringify(valid()),
          headers: { 'content-type': type },
        });
        expect(res.status).toBe(200);
      }
      const untyped = await h.handler(
        new Request(`${BASE}/v1/participant`, {
          method: 'POST',
          headers: { authorization: key.value },
          body: new Blob([JSON.stringify(valid())]),
        }),
      );
      expect(untyped.status).toBe(200);
    });

    it('413 for a body over 64 KiB, declared or streamed; 64 KiB itself is accepted', async () => {
      const padded = (size: number) => {
        const base = JSON.stringify({ ...valid(), pad: '' });
        return base.replace('"pad":""', `"pad":"${'a'.repeat(size - base.length)}"`);
      };
      const atLimit = padded(MAX_BODY_BYTES);
      expect(Buffer.byteLength(atLimit)).toBe(MAX_BODY_BYTES);
      expect((await h.call('POST', '/v1/participant', { key, rawBody: atLimit })).status).toBe(200);

      expectParticipantError(
        await h.call('POST', '/v1/participant', { key, rawBody: padded(MAX_BODY_BYTES + 1) }),
        413,
        'PAYLOAD_TOO_LARGE',
        'Request body must not exceed 64 KiB',
      );
      const chunk = new TextEncoder().encode('a'.repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 100) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const streamed = await h.handler(
        new Request(`${BASE}/v1/participant`, {
          method: 'POST',
          headers: { authorization: key.value, 'content-type': 'application/json' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect(streamed.status).toBe(413);
      // In process the door pulls the chunks itself; over HTTP (the fast door) the kernel's socket buffers take
      // what the client writes, so what shows there is that the connection ends with the answer.
      if (restTestDoor() === 'route') expect(sent).toBeLessThan(10);
      else expect(streamed.headers.get('connection')).toBe('close');
      expectApiKeyError(
        await h.call('POST', keysPath(q), { key, rawBody: padded(MAX_BODY_BYTES + 10) }),
        413,
        'Request body must not exceed 64 KiB',
      );
    });

    it.each([
      ['empty', ''],
      ['truncated', '{"a":'],
      ['trailing comma', '{"a":1,}'],
      ['single quotes', "{'a':1}"],
      ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
      ['NaN', '{"a":NaN}'],
    ])('400 Invalid JSON format for a %s body', async (_name, rawBody) => {
      expectParticipantError(
        await h.call('POST', '/v1/participant', { key, rawBody }),
        400,
        'BAD_REQUEST',
        'Invalid JSON format',
      );
    });

    it('deeply nested JSON is an ordinary bad request', async () => {
      const nest = (depth: number) =>
        `{"project_uuid":${'['.repeat(depth)}${']'.repeat(depth)},"interview_ref_num":"x"}`;
      expectParticipantError(
        await h.call('POST', '/v1/participant', { key, rawBody: nest(63) }),
        400,
        'BAD_REQUEST',
        'Invalid project_uuid format',
      );
      for (const rawBody of [nest(64), `${'['.repeat(30_000)}${']'.repeat(30_000)}`]) {
        expectParticipantError(
          await h.call('POST', '/v1/participant', { key, rawBody }),
          400,
          'BAD_REQUEST',
          'JSON nesting must not exceed 64 levels',
        );
      }
      const bracketsInStrings = JSON.stringify({
        project_uuid: q.questionnaireId,
        interview_ref_num: `${'[{'.repeat(100)}\\"${kind}`,
      });
      expect((await h.call('POST', '/v1/participant', { key, rawBody: bracketsInStrings })).status).toBe(200);
    });

    it('a "__proto__" key cannot smuggle fields in', async () => {
      const res = await h.call('POST', '/v1/participant', {
        key,
        rawBody: `{"__proto__":{"project_uuid":"${q.questionnaireId}","interview_ref_num":"smuggled"}}`,
      });
      expectParticipantError(res, 400, 'BAD_REQUEST', 'project_uuid is required');
    });

    it('unknown fields are ignored', async () => {
      const res = await h.call('POST', '/v1/participant', {
        key,
        body: { ...valid(), is_participant_allowed: false },
      });
      expect(res.status).toBe(200);
      expect(res.body.is_participant_allowed).toBe(true);
    });
  });

  describe('no input produces a 500', () => {
    const participantShape = (res: RestResponse) => {
      expect(res.status).not.toBe(500);
      if (res.status >= 400) {
        expect(Object.keys(res.body as object)).toEqual(['error', 'status', 'message', 'timestamp']);
        expect(res.body.status).toBe(res.status);
      }
    };
    const value = fc.oneof(
      fc.jsonValue(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.uuid(),
      fc.constant(''),
      fc.array(fc.constantFrom('participant:write', 'apikey:write', 'bogus', ''), { maxLength: 4 }),
    );
    const body = fc.oneof(fc.dictionary(fc.constantFrom(...REST_BODY_FIELDS), value), fc.jsonValue());

    it('create/retake: any JSON body gets 200 or a spec-shaped 4xx', async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, withProject) => {
          const sent =
            withProject && payload && typeof payload === 'object' && !Array.isArray(payload)
              ? { project_uuid: q.questionnaireId, ...payload }
              : payload;
          participantShape(await h.call('POST', '/v1/participant', { key, body: sent }));
        }),
        { numRuns: 60 },
      );
    });

    it('outcome update: any JSON body and any participant_id segment', async () => {
      const created = await h.call('POST', '/v1/participant', {
        key,
        body: { project_uuid: q.questionnaireId, interview_ref_num: `fuzz-${kind}` },
      });
      const id = created.body.participant_uuid as string;
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.oneof(fc.constant(id), fc.string({ minLength: 1, maxLength: 60 })),
          async (payload, segment) => {
            participantShape(
              await h.call('PUT', `/v1/participant/${encodeURIComponent(segment)}`, { key, body: payload }),
            );
          },
        ),
        { numRuns: 60 },
      );
    });

    it('API-key create: any JSON body gets 201 or `{error}`', async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await h.call('POST', keysPath(q), { key, body: payload });
          expect(res.status).not.toBe(500);
          if (res.status >= 400) {
            expect(Object.keys(res.body as object)).toEqual(['error']);
            expect(typeof res.body.error).toBe('string');
          }
        }),
        { numRuns: 60 },
      );
    });

    it('any method and path under /questionnaire/v1', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
          fc.array(
            fc.oneof(
              fc.constantFrom('v1', 'participant', 'tenants', 'questionnaires', 'apikeys'),
              fc.webSegment(),
            ),
            {
              maxLength: 7,
            },
          ),
          async (method, segments) => {
            const res = await h.call(method, `/v1/${segments.join('/')}`, {
              key,
              ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
            });
            expect(res.status).not.toBe(500);
            expect(res.status).toBeGreaterThanOrEqual(200);
            if (res.status >= 400) expect(typeof res.body.error).toBe('string');
          },
        ),
        { numRuns: 80 },
      );
    });
  });

  it('every error carries Cache-Control: no-store; API-key errors never carry the participant shape', async () => {
    const res = await h.call('GET', keysPath(q), { key: null });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectApiKeyError(res, 401, 'Authorization header is required');
  });
});
