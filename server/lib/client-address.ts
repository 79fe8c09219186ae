// The client's address for the audit log. Next.js route handlers do not expose the socket's address, so the
// only source is X-Forwarded-For, and that header is written by whoever sends the request: it is believed
// only when TRUST_PROXY says a reverse proxy in front of us overwrites it. Otherwise the address is unknown.
import ipaddr from 'ipaddr.js';
import { env } from '@/server/env';

/** The first X-Forwarded-For hop when the proxy is trusted and the hop is an IP address; otherwise null. */
export function clientAddress(
  headers: Pick<Headers, 'get'>,
  trustProxy: boolean = env.TRUST_PROXY,
): string | null {
  if (!trustProxy) return null;
  const first = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  if (!first || first.length > 64 || !ipaddr.isValid(first)) return null;
  // One spelling per address: "::ffff:10.0.0.1" and "10.0.0.1" are the same client.
  return ipaddr.process(first).toString();
}
