// Where to send someone after signing in, from a value anyone can put in a link (?callbackUrl=…): only a path
// of this site, as a browser would read it. Browsers drop tabs and newlines from a URL and read a backslash as
// a slash, so "/\t/evil.test" and "/\evil.test" are other sites to them although they start with one slash;
// the value is therefore parsed the way a browser parses it and kept only when it stays on our origin.

/** A stand-in origin: what matters is whether the value leaves it, not what it is. */
const PROBE_ORIGIN = 'http://same-origin.invalid';

// Control characters would also make the Location header itself invalid (a 500 instead of a redirect).
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * The value as a same-origin path (path, query and fragment, normalised and percent-encoded as a browser
 * would send them), or `fallback` when it is anything else: absolute or protocol-relative URLs, other
 * schemes, control characters, backslashes, or a path that normalises to "//…".
 */
export function sameOriginPath(value: unknown, fallback: string): string {
  const raw = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof raw !== 'string' || !raw.startsWith('/') || CONTROL_OR_BACKSLASH.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.test" normalises to "//evil.test", which a browser would read as another host.
  return path.startsWith('//') ? fallback : path;
}
