// The two ways the REST door runs a public procedure. Both take the body the door has already read, size-checked
// and parsed, and give back the status, the JSON text and the error the procedure failed with:
// - through trpc-to-openapi's HTTP handler, built once (the App Router route, which hosts running only
//   `next start` use);
// - through tRPC's own procedure call (`callTRPCProcedure`, what tRPC's HTTP adapters use), with the input that
//   trpc-to-openapi builds for the route (the fast door of `npm start`). trpc-to-openapi's handler parses a URL,
//   makes a caller proxy and an AbortSignal and walks the input schema on every request; this does that work
//   once, when the door is built.
// Either way it is the same procedure, with its own middlewares and validation. door-compare.test.ts sends every
// kind of request through both doors and compares the answers byte for byte.
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  type AnyTRPCRouter,
  type TRPCError,
  type TRPCProcedureType,
} from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import {
  acceptsRequestBody,
  coerceSchema,
  createOpenApiNodeHttpHandler,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
  type OpenApiMethod,
  type OpenApiRouter,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod/v4';
import type { RestContext } from './context';
import type { RestRoute } from './routes';

export interface ProcedureCall {
  /** Upper case. */
  method: string;
  /** The path below REST_BASE_PATH, e.g. /v1/participant/{id}, and the query ("" or "?…"). */
  path: string;
  query: string;
  /** The parsed body; undefined for a request without one. */
  body: { value: unknown } | undefined;
  context: RestContext;
  /** The route the door matched the request to. */
  route: RestRoute;
}

export interface ProcedureResult {
  status: number;
  /** The JSON text of the procedure's output ("" for none); on failure, what the door does not read. */
  body: string;
  /** The error the procedure (or its input validation) failed with, if any. */
  error?: TRPCError;
}

export type ProcedureCaller = (call: ProcedureCall) => Promise<ProcedureResult>;

/** The requests are built against a fixed origin: trpc-to-openapi routes on the path alone. */
const ORIGIN = 'http://localhost';

interface PendingCall {
  context: RestContext;
  error?: TRPCError;
}

/** The little of a Node.js ServerResponse that trpc-to-openapi writes to. */
interface ResponseSink {
  statusCode: number;
  setHeader: (name: string, value: string | string[]) => void;
  end: (body?: string) => void;
}

/** Through trpc-to-openapi's node:http handler: the App Router route's way. */
export function createOpenApiProcedureCaller(router: OpenApiRouter): ProcedureCaller {
  const pending = new WeakMap<object, PendingCall>();
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: object }) => pending.get(req)?.context,
    onError: ({ error, req }: { error: TRPCError; req: object }) => {
      const call = pending.get(req);
      if (call) call.error = error;
    },
  }) as unknown as (req: Request, res: ResponseSink) => Promise<void>;

  return async ({ method, path, query, body, context }) => {
    // The request as trpc-to-openapi reads it: the method and path it routes on, a JSON content type (the door
    // accepts a body sent without one), and the body already parsed (read from `body` when present).
    const request = new Request(`${ORIGIN}${path}${query}`, {
      method,
      headers: { 'content-type': 'application/json' },
    });
    if (body) Object.defineProperty(request, 'body', { value: body.value });
    // trpc-to-openapi reads a query grouped beforehand (as Express gives it) instead of grouping it itself.
    Object.defineProperty(request, 'query', { value: groupedQuery(query) });
    const call: PendingCall = { context };
    pending.set(request, call);
    let text = '';
    const res: ResponseSink = {
      statusCode: 200,
      setHeader: () => undefined,
      end: (written) => {
        text = written ?? '';
      },
    };
    await handler(request, res);
    return { status: res.statusCode, body: text, error: call.error };
  };
}

/** How trpc-to-openapi turns a request into a procedure's input, read once per procedure. */
interface InputRecipe {
  type: TRPCProcedureType;
  /** z.void() input: the procedure gets none. */
  takesNoInput: boolean;
  /** Keys of array fields: a single query value becomes a one-element array. */
  arrayKeys: string[];
}

function inputRecipes(router: OpenApiRouter): Map<string, InputRecipe> {
  const recipes = new Map<string, InputRecipe>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, type, procedure }) => {
    const schema = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
    const arrayKeys: string[] = [];
    if (zodSupportsCoerce && instanceofZodTypeObject(schema)) {
      for (const [key, shape] of Object.entries(schema.shape)) {
        const inner = instanceofZodTypeOptional(shape) ? shape.unwrap() : shape;
        if (inner instanceof ZodArray) arrayKeys.push(key);
      }
      // What trpc-to-openapi's handler does to the schema (in place) before every call: query values are
      // coerced to numbers, booleans and dates.
      coerceSchema(schema);
    }
    recipes.set(path, { type, takesNoInput: instanceofZodTypeLikeVoid(schema), arrayKeys });
  });
  return recipes;
}

/**
 * The query's values by key, on an object without a prototype: trpc-to-openapi groups them on a plain object,
 * where a key such as "constructor" finds Object's own and fails the request with a 500.
 */
function groupedQuery(query: string): Record<string, string[]> {
  const grouped = Object.create(null) as Record<string, string[]>;
  new URLSearchParams(query).forEach((value, key) => {
    (grouped[key] ??= []).push(value);
  });
  return grouped;
}

/** The query as trpc-to-openapi reads it: one value as itself, a repeated key as an array. */
function queryInput(query: string): Record<string, unknown> {
  const input = Object.create(null) as Record<string, unknown>;
  for (const [key, values] of Object.entries(groupedQuery(query)))
    input[key] = values.length === 1 ? values[0] : values;
  return input;
}

/** Through tRPC's procedure call with trpc-to-openapi's input: the fast door's way. */
export function createDirectProcedureCaller(router: OpenApiRouter): ProcedureCaller {
  const recipes = inputRecipes(router);
  return async ({ method, path, query, body, context, route }) => {
    const recipe = recipes.get(route.procedurePath)!;
    let input: Record<string, unknown> | undefined;
    if (!recipe.takesNoInput) {
      const pathInput = route.pattern.exec(normalizePath(path))?.groups ?? {};
      const fromBody = acceptsRequestBody(method as OpenApiMethod);
      // Path parameters win over fields of the same name in the body or the query, as in trpc-to-openapi.
      input = { ...(fromBody ? (body?.value as object | undefined) : queryInput(query)), ...pathInput };
      if (!fromBody)
        for (const key of recipe.arrayKeys)
          if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
    }
    try {
      const output: unknown = await callTRPCProcedure({
        router: router as AnyTRPCRouter,
        path: route.procedurePath,
        type: recipe.type,
        ctx: context,
        getRawInput: () => Promise.resolve(input),
        signal: undefined,
        batchIndex: 0,
      });
      return { status: 200, body: JSON.stringify(output) ?? '' };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      return { status: getHTTPStatusCodeFromError(error), body: '', error };
    }
  };
}
