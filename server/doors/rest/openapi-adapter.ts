// Everything the REST door takes from trpc-to-openapi beyond its documented API (generateOpenApiDocument and the
// HTTP handlers), in one place. Both doors call a procedure through tRPC itself (procedure-caller.ts) with the
// input trpc-to-openapi's own handler would build, so the rules of that input are read here from
// trpc-to-openapi's exported helpers, not copied: which procedures have an OpenAPI route, how a path is
// normalised and matched, whether the method reads a body, which input fields are arrays, and the coercion of
// query strings. openapi-adapter.test.ts sends the same requests through trpc-to-openapi's documented fetch
// handler and through this adapter and fails when an upgrade makes them build different input.
import type { TRPCProcedureType } from '@trpc/server';
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
  type OpenApiMeta,
  type OpenApiMethod,
  type OpenApiRouter,
} from 'trpc-to-openapi';
import { ZodArray } from 'zod/v4';

export { getPathRegExp, normalizePath, type OpenApiMethod, type OpenApiRouter };

/** A procedure with an OpenAPI route: its dotted tRPC path, its type and its meta. */
export interface OpenApiProcedure<TMeta> {
  path: string;
  type: TRPCProcedureType;
  meta: TMeta & { openapi: NonNullable<OpenApiMeta['openapi']> };
  /** How trpc-to-openapi builds its input from a request (see `inputOf`). */
  input: InputRecipe;
}

/** How trpc-to-openapi turns a request into a procedure's input, read once per procedure. */
export interface InputRecipe {
  /** z.void() input: the procedure gets none. */
  takesNoInput: boolean;
  /** Keys of array fields: a single query value becomes a one-element array. */
  arrayKeys: string[];
}

/** The router's procedures that have an OpenAPI route, in the order trpc-to-openapi lists them. */
export function openApiProcedures<TMeta extends OpenApiMeta>(
  router: OpenApiRouter,
): OpenApiProcedure<TMeta>[] {
  const procedures: OpenApiProcedure<TMeta>[] = [];
  forEachOpenApiProcedure<TMeta>(router._def.procedures, ({ path, type, procedure, meta }) => {
    const schema = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
    const arrayKeys: string[] = [];
    if (zodSupportsCoerce && instanceofZodTypeObject(schema)) {
      for (const [key, shape] of Object.entries(schema.shape)) {
        const inner = instanceofZodTypeOptional(shape) ? shape.unwrap() : shape;
        if (inner instanceof ZodArray) arrayKeys.push(key);
      }
      // What trpc-to-openapi's handler does to the schema (in place) before every call: query values are
      // coerced to numbers, booleans and dates. Done once here, as the first request would.
      coerceSchema(schema);
    }
    procedures.push({
      path,
      type,
      meta,
      input: { takesNoInput: instanceofZodTypeLikeVoid(schema), arrayKeys },
    });
  });
  return procedures;
}

/**
 * The query's values by key, on an object without a prototype. (trpc-to-openapi groups them on a plain
 * object, where a key such as "constructor" finds Object's own and fails the request with a 500; here it is a
 * field like any other, which the procedure's schema strips.)
 */
function groupedQuery(query: string): Record<string, string[]> {
  const grouped = Object.create(null) as Record<string, string[]>;
  new URLSearchParams(query).forEach((value, key) => {
    (grouped[key] ??= []).push(value);
  });
  return grouped;
}

/** The input trpc-to-openapi gives a procedure for this request (undefined for a z.void() input). */
export function inputOf(
  recipe: InputRecipe,
  request: {
    method: string;
    /** The values of the route's path parameters. */
    pathInput: Record<string, string>;
    /** "" or "?…". */
    query: string;
    /** The parsed body; undefined for a request without one. */
    body: unknown;
  },
): Record<string, unknown> | undefined {
  if (recipe.takesNoInput) return undefined;
  // Path parameters win over fields of the same name in the body or the query, as in trpc-to-openapi.
  if (acceptsRequestBody(request.method as OpenApiMethod))
    return { ...(request.body as object | undefined), ...request.pathInput };
  const input = Object.create(null) as Record<string, unknown>;
  // One value as itself, a repeated key as an array; an array field always gets an array.
  for (const [key, values] of Object.entries(groupedQuery(request.query)))
    input[key] = values.length === 1 && !recipe.arrayKeys.includes(key) ? values[0] : values;
  return { ...input, ...request.pathInput };
}
