// For tests: checks that an answer of the REST door is one the OpenAPI document lists for its operation (the
// status, the body's fields, and for errors the message). Every request the REST test harness makes goes
// through it, so any status, shape or message the door can send but the document omits fails a test.
import { expect } from 'vitest';
import { restRouter } from '@/server/doors/rest/router';
import { matchesCatalogueMessage } from '@/server/rest-contract/error-catalogue';
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';
import { matchRoute, restRoutes } from '@/server/doors/rest/routes';

interface DocSchema {
  $ref?: string;
  type?: string;
  items?: DocSchema;
  properties?: Record<string, unknown>;
  required?: string[];
}
interface DocResponse {
  content?: Record<string, { schema: DocSchema; examples?: Record<string, { summary?: string }> }>;
}
interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, DocResponse | undefined> } | undefined>>;
  components: { schemas: Record<string, DocSchema | undefined> };
}

const doc = buildOpenApiDocument({
  REGION: 'us',
  PUBLIC_BASE_URL: 'http://localhost',
  US_BASE_URL: undefined,
  UK_BASE_URL: undefined,
}) as unknown as Doc;
const routes = restRoutes(restRouter);

const resolve = (schema: DocSchema): DocSchema =>
  schema.$ref ? (doc.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;

/** The body's fields are the schema's: none it does not list, every one it requires. */
function expectFields(body: unknown, schema: DocSchema, where: string) {
  const resolved = resolve(schema);
  if (resolved.type === 'array') {
    expect(Array.isArray(body), where).toBe(true);
    for (const item of body as unknown[]) expectFields(item, resolved.items ?? {}, where);
    return;
  }
  const fields = Object.keys(body ?? {});
  const known = resolved.properties ?? {};
  expect(
    fields.filter((f) => !(f in known)),
    `${where}: undocumented fields`,
  ).toEqual([]);
  expect(
    (resolved.required ?? []).filter((f) => !fields.includes(f)),
    `${where}: missing required fields`,
  ).toEqual([]);
}

export interface DoorAnswer {
  status: number;
  body: unknown;
}

/** Fails when the answer to `method path` is not documented for that operation (unknown paths are skipped). */
export function expectDocumented(method: string, path: string, res: DoorAnswer) {
  // The path as the door sees it: without query or fragment, dot segments resolved (appended to the origin, so
  // a path that starts with // is not read as another host).
  const match = matchRoute(
    routes,
    method.toUpperCase(),
    new URL(`http://door${path.startsWith('/') ? '' : '/'}${path}`).pathname,
  );
  if (match.kind !== 'found') return;
  const where = `${method.toUpperCase()} ${match.route.path} → ${res.status}`;
  const operation = doc.paths[match.route.path]?.[method.toLowerCase()];
  const response = operation?.responses[String(res.status)];
  expect(response, `${where} is not in the OpenAPI document`).toBeDefined();
  const content = response?.content?.['application/json'];
  if (!content) {
    expect(res.body, `${where}: the document says no body`).toBeUndefined();
    return;
  }
  expectFields(res.body, content.schema, where);
  if (res.status < 400) return;
  const body = res.body as { message?: unknown; error?: unknown };
  const message = String(body.message ?? body.error);
  const documented = Object.values(content.examples ?? {}).map((e) => String(e.summary));
  expect(
    documented.some((d) => matchesCatalogueMessage(d, message)),
    `${where}: message "${message}" is not documented`,
  ).toBe(true);
}
