// Cross-site request forgery guard for the Admin door's state-changing requests. The session cookie is
// SameSite=Lax already; this also refuses a request another site made the browser send, by the headers
// browsers set and pages cannot forge: Sec-Fetch-Site (all current browsers), else Origin. A request with
// neither comes from a program, not from a browser holding an Admin's cookie, and is let through.
import { env } from '@/server/platform/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

const originOf = (url: string | undefined | null): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** The origins this deployment is reached at: the request's own, PUBLIC_BASE_URL, and the proxy's if trusted. */
function ownOrigins(req: Request, options: { publicBaseUrl: string; trustProxy: boolean }): Set<string> {
  const origins = new Set<string>();
  const add = (origin: string | null) => origin && origins.add(origin);
  add(originOf(req.url));
  add(originOf(options.publicBaseUrl));
  if (options.trustProxy) {
    const host = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
    if (host && proto) add(originOf(`${proto}://${host}`));
  }
  return origins;
}

/** True when the request may change state: a safe method, a same-origin browser request, or no browser. */
export function isSameOriginRequest(
  req: Request,
  options: { publicBaseUrl: string; trustProxy: boolean } = {
    publicBaseUrl: env.PUBLIC_BASE_URL,
    trustProxy: env.TRUST_PROXY,
  },
): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return true;
  const site = req.headers.get('sec-fetch-site');
  if (site !== null) return site.trim().toLowerCase() === 'same-origin';
  const origin = req.headers.get('origin');
  if (origin === null) return true;
  return ownOrigins(req, options).has(origin.trim().toLowerCase());
}

/** The 403 for a cross-site request, in the shape of a tRPC error so the Admin client can show it. */
export function crossSiteRefusal(req: Request): Response | null {
  if (isSameOriginRequest(req)) return null;
  return Response.json(
    { error: { message: CROSS_SITE_MESSAGE, code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } } },
    { status: 403, headers: { 'Cache-Control': 'no-store' } },
  );
}
