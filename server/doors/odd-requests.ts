// What `npm start` answers before either door (the fast REST door, Next.js) for requests that neither can take:
// a request target that is not a path ("*", an absolute URL, a CONNECT authority) and methods outside HTTP's
// usual set (TRACE, PROPFIND, …) on paths outside the REST API. Left to Next.js, those get a 500 and a stack
// trace on stderr (TRACE cannot even be turned into a fetch Request) or an empty 400. The REST API's own paths take any method through the fast door, whose 405 carries Allow in the
// endpoint's error shape.

/** The methods the service handles at all; a route takes some of them (`OPTIONS <path>` lists its own). */
const SERVED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** Next.js's own routes under the REST prefix (not the REST API): their methods. */
const REST_DOCUMENT_ROUTES = /^\/questionnaire\/v1\/(?:openapi\.json|docs(?:\/[^?]*)?)(?:\?|$)/;
const DOCUMENT_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export interface OddAnswer {
  status: 400 | 405;
  headers: Record<string, string>;
  body: string;
}

const json = (status: 400 | 405, error: string, headers: Record<string, string> = {}): OddAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  body: JSON.stringify({ error }),
});

const BAD_TARGET_MESSAGE = 'The request target must be a path, such as /questionnaire/v1/participant';

/** True when a method outside SERVED_METHODS goes to the REST API, which answers it in its own shape. */
export const isOddRestRequest = (method: string | undefined, target: string | undefined): boolean =>
  !!method &&
  !!target &&
  !SERVED_METHODS.includes(method) &&
  target.startsWith('/questionnaire/v1/') &&
  !REST_DOCUMENT_ROUTES.test(target);

/** The answer for a request neither door can take, or null to pass it on. */
export function answerOddRequest(method: string | undefined, target: string | undefined): OddAnswer | null {
  if (!target?.startsWith('/')) return json(400, BAD_TARGET_MESSAGE);
  if (!method || SERVED_METHODS.includes(method) || isOddRestRequest(method, target)) return null;
  const allowed = REST_DOCUMENT_ROUTES.test(target) ? DOCUMENT_METHODS : SERVED_METHODS;
  return json(405, `Method ${method} is not allowed here; use ${allowed.join(' or ')}`, {
    Allow: allowed.join(', '),
  });
}

/** The answer written straight to a socket (a CONNECT request has no response object). */
export function rawHttpAnswer(answer: OddAnswer, extraHeaders: [string, string][] = []): string {
  const reason = answer.status === 400 ? 'Bad Request' : 'Method Not Allowed';
  const headers = [
    ...Object.entries(answer.headers),
    ...extraHeaders,
    ['Content-Length', String(Buffer.byteLength(answer.body))],
    ['Connection', 'close'],
  ];
  return `HTTP/1.1 ${answer.status} ${reason}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${answer.body}`;
}
