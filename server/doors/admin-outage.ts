// The Admin pages while the database is gone: a plain 503 page with Retry-After, as /api/ready, /api/metrics
// and the API doors answer, instead of Next.js's 500. Next.js can give a page no status other than
// 200, 401, 403, 404 or 500, so the check runs in front of it: each Admin page request first asks the
// database for `SELECT 1` (one round trip beside the several queries the page itself makes). A database that
// fails between that probe and the page's own queries still gives the rare 500. The sign-in page, the
// password change and the two-factor enrolment read the database only for a visitor with a session cookie
// (to send a signed-in Admin on, or to load the account): they are probed only then, so the sign-in form of
// a visitor without a session is never delayed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '@/server/platform/db/client';
import { databaseAnswers } from '@/server/platform/lifecycle/health';
import { DATABASE_RETRY_AFTER_SECONDS } from '@/server/platform/lib/database-errors';
import { hasSessionCookie } from '@/server/admins/session-cookie';

const ADMIN_PAGE = /^\/admin(?:\/|\?|$)/;
const SIGNED_IN_VISITOR_PAGE = /^\/(?:login|change-password|two-factor-setup)(?:\/|\?|$)/;

/** Whether answering the request reads the database. */
function readsDatabase(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  if (ADMIN_PAGE.test(url)) return true;
  return SIGNED_IN_VISITOR_PAGE.test(url) && hasSessionCookie(req.headers.cookie);
}

export const ADMIN_OUTAGE_TITLE = 'Service temporarily unavailable';
export const ADMIN_OUTAGE_TEXT =
  'The Admin app cannot reach its database right now. Nothing was changed. Reload this page in a few seconds.';

const OUTAGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${ADMIN_OUTAGE_TITLE}</title>
<style>body{font-family:system-ui,sans-serif;color:#0f172a;max-width:36rem;margin:4rem auto;padding:0 1rem}
h1{font-size:1.5rem}p{color:#334155;line-height:1.5}</style></head>
<body><main><h1>${ADMIN_OUTAGE_TITLE}</h1><p>${ADMIN_OUTAGE_TEXT}</p>
<p><a href="">Reload</a></p></main></body></html>`;

/**
 * A gate in front of the Admin pages (and the pages of a signed-in visitor): resolves true after answering
 * 503 itself when the database does not answer, false to let the request through. Only the server's
 * PostgreSQL can go away: the embedded database lives in the process, so `probes` is false for it and the
 * gate never delays a request.
 */
export function createAdminOutageGate(options: { db: () => Db; probes: boolean }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (!options.probes || !readsDatabase(req)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (await databaseAnswers(options.db)) return false;
    res.writeHead(503, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
    res.end(req.method === 'HEAD' ? undefined : OUTAGE_PAGE);
    return true;
  };
}
