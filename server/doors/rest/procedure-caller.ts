// How the REST door runs a public procedure, on either door (the App Router route and the fast door of
// `npm start`): tRPC's own procedure call (`callTRPCProcedure`, what tRPC's HTTP adapters use) with the input
// trpc-to-openapi's handler would build for the route (openapi-adapter.ts). The door has already matched the
// route and read, size-checked and parsed the body; trpc-to-openapi's handler would parse the URL again, make a
// caller proxy and an AbortSignal and walk the input schema on every request. It is the same procedure, with
// its own middlewares and validation; openapi-adapter.test.ts checks the input against trpc-to-openapi's own.
import { callTRPCProcedure, getTRPCErrorFromUnknown, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { inputOf, normalizePath, openApiProcedures, type OpenApiRouter } from './openapi-adapter';
import type { RestContext } from '../../api-keys/rest-context';
import type { RestRoute } from './routes';

interface ProcedureCall {
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

interface ProcedureResult {
  status: number;
  /** The JSON text of the procedure's output ("" for none); on failure, "". */
  body: string;
  /** The error the procedure (or its input validation) failed with, if any. */
  error?: TRPCError;
}

export type ProcedureCaller = (call: ProcedureCall) => Promise<ProcedureResult>;

export function createProcedureCaller(router: OpenApiRouter): ProcedureCaller {
  const procedures = new Map(openApiProcedures(router).map((procedure) => [procedure.path, procedure]));
  return async ({ method, path, query, body, context, route }) => {
    const procedure = procedures.get(route.procedurePath)!;
    const input = inputOf(procedure.input, {
      method,
      pathInput: route.pattern.exec(normalizePath(path))?.groups ?? {},
      query,
      body: body?.value,
    });
    try {
      const output: unknown = await callTRPCProcedure({
        router: router as AnyTRPCRouter,
        path: procedure.path,
        type: procedure.type,
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
