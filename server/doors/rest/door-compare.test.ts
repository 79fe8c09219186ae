// Both doors give the same answers: every request below goes once through the App Router route's handler (a
// fetch Request, as Next.js hands it over, with the headers Next.js adds from next.config.js, decided by
// Next.js's own matchers) and once over HTTP through the fast door of `npm start` (the node:http request
// itself, with its security headers), on the same database, and the two answers must agree: status, every
// header but the transport's, and the body byte for byte. Only what is generated per request is masked first
// (ids, guide tokens, key values, timestamps), and writes that must not collide get a door-specific IRN or
// Idempotency-Key, masked the same way. The cases are door-compare-cases.ts's, which e2e/door-compare.spec.ts
// also runs against two real servers (the fast door and Next.js's route), headers and all.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@/server/platform/db/client';
import { testDatabaseKinds } from '@/server/test/database';
import { nextConfigRules, nextHeadersFor } from '@/server/test/next-config-headers';
import type { HeaderRule } from '@/server/platform/http/security-headers.js';
import {
  comparable,
  compareCases,
  DOORS,
  TRANSPORT,
  type CompareSetup,
  type Door,
} from '../../test/door-compare-cases';
import { servedByFastDoor } from './fast-door';
import { startFastDoorServer, type FastDoorServer } from '@/server/test/fast-door-harness';
import { createRestHandler } from './handler';
import { BASE, failInsertsInto, restSuite } from '@/server/test/rest-harness';

const configRules = await nextConfigRules();

/**
 * Transport headers (the route's side here is no HTTP answer), and Vary, which Next.js's router and compression
 * add around the route: e2e/door-compare.spec.ts compares those against the real Next.js.
 */
const skip = (name: string) => TRANSPORT.has(name) || name === 'vary';

/** The route's handler with the headers Next.js sets around it (the route's own win, as in Next.js). */
function asNextServes(handler: (req: Request) => Promise<Response>, rules: HeaderRule[]) {
  return async (req: Request): Promise<Response> => {
    const response = await handler(req);
    const headers = new Headers(
      nextHeadersFor(rules, new URL(req.url).pathname, Object.fromEntries(req.headers)),
    );
    response.headers.forEach((value, name) => headers.set(name, value));
    return new Response(response.body, { status: response.status, headers });
  };
}

describe.each(testDatabaseKinds())('the fast door and the App Router route on %s', (kind) => {
  const { h, q, key } = restSuite(kind, { seed: { guideTexts: { English: 'Call us.' } } });
  let route: (req: Request) => Promise<Response>;
  let fast: FastDoorServer;
  const setup = {
    erasable: {},
    limitedKey: {},
    deletableKey: {},
    sandbox: { participant: {} },
  } as CompareSetup;

  beforeAll(async () => {
    Object.assign(setup, q, { key: key.value });
    route = asNextServes(createRestHandler({ db: h.db.prisma }), configRules);
    fast = await startFastDoorServer({ db: h.db.prisma }, route);
    const create = async (apiKey: string, project_uuid: string, irn: string) => {
      const created = await h.call('POST', '/v1/participant', {
        key: apiKey,
        body: { project_uuid, interview_ref_num: irn, email: 'a@example.com' },
      });
      return (created.body as { participant_uuid: string }).participant_uuid;
    };
    setup.participantId = await create(key.value, q.questionnaireId, 'CMP-EXISTING');
    const sandbox = await h.seed({ sandbox: true });
    setup.sandbox.key = (await h.createKey(sandbox.questionnaireId)).value;
    for (const door of DOORS) {
      setup.erasable[door] = await create(key.value, q.questionnaireId, `ERASE-${door}`);
      setup.sandbox.participant[door] = await create(
        setup.sandbox.key,
        sandbox.questionnaireId,
        `SBX-${door}`,
      );
      const limited = await h.createKey(q.questionnaireId);
      await h.db.prisma.apiKey.update({ where: { id: limited.id }, data: { rateLimitPerMinute: 1 } });
      setup.limitedKey[door] = limited.value;
      setup.deletableKey[door] = (await h.createKey(q.questionnaireId)).value;
    }
    setup.readOnlyKey = (await h.createKey(q.questionnaireId, ['participant:read'])).value;
  }, 180_000);
  afterAll(() => fast?.close());

  const cases = compareCases(setup);
  const json = (body: unknown): RequestInit => ({
    headers: { authorization: setup.key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const createBody = (irn: string) => ({ project_uuid: setup.questionnaireId, interview_ref_num: irn });

  it.each(cases)('%s', async (_name, make) => {
    const send = async (door: Door, handler: (req: Request) => Promise<Response>) => {
      const [method, path, init] = make(door);
      expect(servedByFastDoor(method, `/questionnaire${path}`)).toBe(true);
      return comparable(await handler(new Request(`${BASE}${path}`, { method, ...init })), skip);
    };
    const viaRoute = await send('route', route);
    const viaFast = await send('fast', fast.handler);
    expect(viaFast).toEqual(viaRoute);
    // No request of these is a server failure (agreeing on a 500 would not do).
    expect(viaRoute.status).toBeLessThan(500);
  });

  it('a write that fails in the database: the same 500 on both', async () => {
    const restore = await failInsertsInto(h.db, 'attempt');
    try {
      const send = async (door: Door, handler: (req: Request) => Promise<Response>) =>
        comparable(
          await handler(
            new Request(`${BASE}/v1/participant`, {
              method: 'POST',
              ...json(createBody(`FAIL-${door}`)),
            }),
          ),
          skip,
        );
      const viaRoute = await send('route', route);
      expect(viaRoute.status).toBe(500);
      expect(await send('fast', fast.handler)).toEqual(viaRoute);
    } finally {
      await restore();
    }
  });
});

describe('the fast door and the App Router route with the database unreachable', () => {
  it('answer the same 503 with Retry-After', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const unreachable = createDatabase('postgresql://nobody@127.0.0.1:1/none', 1);
    const route = asNextServes(createRestHandler({ db: unreachable.prisma }), configRules);
    const fast = await startFastDoorServer({ db: unreachable.prisma }, route);
    try {
      const send = async (handler: (req: Request) => Promise<Response>, path: string) =>
        comparable(
          await handler(
            new Request(`${BASE}${path}`, {
              method: 'POST',
              headers: { authorization: 'pais_live_any', 'content-type': 'application/json' },
              body: '{}',
            }),
          ),
          skip,
        );
      for (const path of [
        '/v1/participant',
        `/v1/tenants/${randomUUID()}/questionnaires/${randomUUID()}/apikeys`,
      ]) {
        const viaRoute = await send(route, path);
        expect(viaRoute.status).toBe(503);
        expect(viaRoute.headers['retry-after']).toBeDefined();
        expect(await send(fast.handler, path)).toEqual(viaRoute);
      }
    } finally {
      await fast.close();
      await unreachable.close();
    }
  });
});

describe('the paths the fast door takes', () => {
  it('leaves to Next.js what it would rewrite or route elsewhere', () => {
    expect(servedByFastDoor('POST', '/questionnaire/v1/participant')).toBe(true);
    for (const target of [
      '/questionnaire/v1/participant/',
      '/questionnaire/v1/openapi.json',
      '/questionnaire/v1/docs',
      '/questionnaire/v1/docs/swagger-ui.css',
      '/questionnaire/v1/./participant',
      '/questionnaire/v1//participant',
      '/questionnaire/v1/participant%2F1',
      '/questionnaire/v2/participant',
      '/admin',
    ])
      expect(servedByFastDoor('GET', target), target).toBe(false);
    expect(servedByFastDoor('HEAD', '/questionnaire/v1/participant')).toBe(false);
  });
});
