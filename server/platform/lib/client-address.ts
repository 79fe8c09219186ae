// The client's address. Next.js route handlers do not expose the socket's address, so there are two sources:
// X-Forwarded-For, written by whoever sends the request and believed only when TRUST_PROXY says a reverse proxy
// in front of us overwrites it; and the TCP peer's address, which our own HTTP server (scripts/start.ts) writes
// into PEER_ADDRESS_HEADER of every request it hands to Next.js, over anything a client sent under that name.
import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import { env } from '@/server/platform/env';

/** The TCP peer's address, as our HTTP server saw it. Never taken from a client. */
const PEER_ADDRESS_HEADER = 'x-pais-peer-address';

/** One spelling per address ("::ffff:10.0.0.1" and "10.0.0.1" are the same client); null for anything else. */
function normalisedAddress(text: string | null | undefined): string | null {
  const address = text?.trim();
  if (!address || address.length > 64 || !ipaddr.isValid(address)) return null;
  return ipaddr.process(address).toString();
}

/** The first X-Forwarded-For hop when the proxy is trusted and the hop is an IP address; otherwise null. */
export function clientAddress(
  headers: Pick<Headers, 'get'>,
  trustProxy: boolean = env.TRUST_PROXY,
): string | null {
  if (!trustProxy) return null;
  return normalisedAddress(headers.get('x-forwarded-for')?.split(',')[0]);
}

/**
 * The address the Admin door counts sign-in failures by (auth-throttle.ts) and records Admin actions from:
 * with TRUST_PROXY, the first X-Forwarded-For hop; without it, the TCP peer. Behind a proxy without
 * TRUST_PROXY the peer is the proxy, shared by everyone, so the lockout is per account again (docs/security.md).
 */
export function adminClientAddress(
  headers: Pick<Headers, 'get'>,
  trustProxy: boolean = env.TRUST_PROXY,
): string | null {
  return trustProxy ? clientAddress(headers, true) : normalisedAddress(headers.get(PEER_ADDRESS_HEADER));
}

/** Writes the TCP peer's address into the request for adminClientAddress, replacing any client-sent value. */
export function stampPeerAddress(req: IncomingMessage): void {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
}
