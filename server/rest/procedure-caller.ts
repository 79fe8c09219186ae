// Calls the public router's procedures through trpc-to-openapi's HTTP handler, built once. The library's
// fetch adapter builds that handler (and its route table) again for every request and reads the body a
// second time; the REST door has already read, size-checked and parsed the body, so it hands over the
// parsed value and the original request instead, and gets back the status, the JSON text and the error.
import type { TRPCError } from '@trpc/server';
import { createOpenApiNodeHttpHandler, type OpenApiRouter } from 'trpc-to-openapi';
import type { RestContext } from './context';

export interface ProcedureResult {
  status: number;
  /** The JSON text trpc-to-openapi wrote (the procedure's output, or its error shape). */
  body: string;
  /** The error the procedure (or its input validation) failed with, if any. */
  error?: TRPCError;
}

interface PendingCall {
  context: RestContext;
  error?: TRPCError;
}

type Handler = (req: Request, res: ResponseSink) => Promise<void>;

/** The little of a Node.js ServerResponse that trpc-to-openapi writes to. */
interface ResponseSink {
  statusCode: number;
  setHeader: (name: string, value: string | string[]) => void;
  end: (body?: string) => void;
}

/**
 * The request as trpc-to-openapi reads it: the original, with the method and path it routes on, the body already
 * parsed. The content type reads as JSON whenever there is a body (the door accepts a missing one).
 */
function requestView(req: Request, method: string, url: string, body: unknown, hasBody: boolean): Request {
  const jsonType = /^application\/json/.test(req.headers.get('content-type') ?? '');
  let headers: Headers | undefined;
  return new Proxy(req, {
    get(target, prop) {
      if (prop === 'url') return url;
      if (prop === 'method') return method;
      if (prop === 'body') return hasBody ? body : undefined;
      if (prop === 'headers' && hasBody && !jsonType) {
        headers ??= new Headers(target.headers);
        headers.set('content-type', 'application/json');
        return headers;
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function createProcedureCaller(router: OpenApiRouter) {
  const pending = new WeakMap<object, PendingCall>();
  const handler = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: object }) => pending.get(req)?.context,
    onError: ({ error, req }: { error: TRPCError; req: object }) => {
      const call = pending.get(req);
      if (call) call.error = error;
    },
  }) as unknown as Handler;

  /** Runs the procedure `method` `url` names with `body` (undefined: a request without one) in `context`. */
  return async function callProcedure(
    req: Request,
    method: string,
    url: string,
    body: { value: unknown } | undefined,
    context: RestContext,
  ): Promise<ProcedureResult> {
    const view = requestView(req, method, url, body?.value, body !== undefined);
    const call: PendingCall = { context };
    pending.set(view, call);
    let text = '';
    const res: ResponseSink = {
      statusCode: 200,
      setHeader: () => undefined,
      end: (written) => {
        text = written ?? '';
      },
    };
    await handler(view, res);
    return { status: res.statusCode, body: text, error: call.error };
  };
}
