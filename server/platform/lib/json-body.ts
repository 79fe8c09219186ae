// Reading a request's JSON body safely, for every door that takes one (the REST API, result ingestion):
// the media type checked, the size bounded while reading (a declared Content-Length is not trusted), UTF-8
// decoded strictly, nesting bounded before parsing, and "__proto__" keys dropped. Each door turns the
// failure into its own response.
import { bodyTooLargeMessage, readBodyWithin } from './body-limit';

/** The largest JSON body the REST API and result ingestion accept. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/** The deepest nesting of arrays and objects accepted (parsing and re-serialising recurse). */
const MAX_JSON_DEPTH = 64;

/** What a refused body is told; the same on every door. */
export const JSON_BODY_MESSAGES = {
  notJson: 'Content-Type must be application/json',
  tooLarge: bodyTooLargeMessage(MAX_JSON_BODY_BYTES),
  invalid: 'Invalid JSON format',
  /** Valid JSON that is not an object, where a door expects one. */
  notObject: 'Request body must be a JSON object',
  tooDeep: `JSON nesting must not exceed ${MAX_JSON_DEPTH} levels`,
} as const;

export type JsonBodyRead =
  | { kind: 'json'; value: unknown }
  /** 415 (not application/json), 413 (too large) or 400 (not UTF-8 JSON, or nested too deep). */
  | { kind: 'refused'; status: 400 | 413 | 415; message: string };

export interface JsonBodyOptions {
  /** Read a body sent without a Content-Type as JSON (the REST API does; clients omit it). */
  allowMissingType?: boolean;
}

const refused = (status: 400 | 413 | 415, message: string): JsonBodyRead => ({
  kind: 'refused',
  status,
  message,
});

// Strict UTF-8: a body that is not valid UTF-8 is refused, not read with replacement characters. Decoding a
// whole buffer at once keeps no state, so one decoder serves every request.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A fetch Request's JSON body (result ingestion, the App Router route of the REST API). */
export function readJsonBody(req: Request, options: JsonBodyOptions = {}): Promise<JsonBodyRead> {
  return parseJsonBody(req.headers.get('content-type'), (limit) => readBodyWithin(req, limit), options);
}

/**
 * A JSON body from its Content-Type and a reader of its bytes, which answers null once there are more than
 * `limit` of them (each door reads its own way: a fetch body stream, or bytes `npm start` already read).
 */
export async function parseJsonBody(
  contentType: string | null,
  readBytes: (limit: number) => Promise<Uint8Array | null>,
  options: JsonBodyOptions = {},
): Promise<JsonBodyRead> {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!(mediaType === 'application/json' || (contentType === null && options.allowMissingType)))
    return refused(415, JSON_BODY_MESSAGES.notJson);
  const bytes = await readBytes(MAX_JSON_BODY_BYTES);
  if (!bytes) return refused(413, JSON_BODY_MESSAGES.tooLarge);
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return refused(400, JSON_BODY_MESSAGES.invalid);
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) return refused(400, JSON_BODY_MESSAGES.tooDeep);
  try {
    // Own "__proto__" keys are dropped so that no later object spread can pick up a prototype from a body.
    const value: unknown = JSON.parse(text, (key, v: unknown) => (key === '__proto__' ? undefined : v));
    return { kind: 'json', value };
  } catch {
    return refused(400, JSON_BODY_MESSAGES.invalid);
  }
}

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}
