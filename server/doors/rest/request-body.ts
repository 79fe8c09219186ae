// The body of a REST request as the door reads it, before tRPC sees it: JSON within the size limit, or the
// spec-shaped answer that refuses it (400 unparsable, 413 too large, 415 not JSON) in the endpoint's style.
import { parseJsonBody } from '@/server/platform/lib/json-body';
import { errorAnswer } from './errors';
import type { RestAnswer, RestRequest } from './exchange';
import type { RestRoute } from './routes';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

export type RestBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'failure'; answer: RestAnswer };

/** The body of a POST, PUT or PATCH (none for other methods), or the answer that refuses it. */
export async function readRestBody(req: RestRequest, method: string, route: RestRoute): Promise<RestBody> {
  if (!METHODS_WITH_BODY.has(method)) return { kind: 'none' };
  let empty = false;
  const readBytes = async (limit: number) => {
    const bytes = await req.body(limit);
    empty = bytes?.length === 0;
    return bytes;
  };
  const read = await parseJsonBody(req.headers.get('content-type'), readBytes, { allowMissingType: true });
  if (read.kind === 'json') return read;
  if (empty && route.optionalBody) return { kind: 'json', value: {} };
  return { kind: 'failure', answer: errorAnswer(route.style, read) };
}
