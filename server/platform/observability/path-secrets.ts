// Some paths carry a secret: the participant guide's /guide/{token} shows the participant's access code to
// whoever holds the link. Such a path is never logged, traced or used as a metric label as it was requested:
// the access line, the request's span and the histogram get its route pattern instead.

interface SecretPath {
  /** Matches the decoded path, however it is spelt (case, repeated or trailing slashes, more segments). */
  pattern: RegExp;
  /** What is logged in its place. */
  route: string;
}

const SECRET_PATHS: readonly SecretPath[] = [{ pattern: /^\/+guide(?:\/|$)/i, route: '/guide/{token}' }];

/** The path with percent-escapes decoded where they are well formed, for matching only. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * What may be logged of a request's path: the path itself, or, when it carries a secret, its route pattern
 * (then also the route to label the request with).
 */
export function loggablePath(path: string): { path: string; route?: string } {
  const plain = decoded(path);
  const secret = SECRET_PATHS.find(({ pattern }) => pattern.test(plain));
  return secret ? { path: secret.route, route: secret.route } : { path };
}
