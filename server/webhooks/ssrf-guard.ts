// Webhook URLs point at customers' servers, never at ours: only https, and only hosts whose every address is
// public unicast. Checked when a URL is saved and again at send time, where the connection is then pinned to
// the address that was checked (a DNS answer that changes between check and connect cannot slip through).
// WEBHOOK_ALLOW_PRIVATE_URLS (development and tests) lifts both rules.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { isGloballyRoutable } from './special-purpose-addresses';

export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

/**
 * True for an address a webhook may reach: globally routable per the IANA special-purpose registries, with
 * every IPv6 form that embeds an IPv4 address judged by that address (see special-purpose-addresses.ts).
 */
export const isPublicAddress = isGloballyRoutable;

export interface UrlPolicy {
  allowPrivateUrls: boolean;
}

/** Why a URL is refused; every door shows these (the REST door names the field before them). */
export const UNSAFE_URL_MESSAGES = {
  notAbsolute: 'The URL is not a valid absolute URL',
  notHttps: 'The URL must use https',
  credentials: 'The URL must not contain a user name or password',
  noHost: 'The URL has no host',
  unresolved: (host: string) => `The host ${host} does not resolve`,
  notPublic: (address: string) =>
    `The URL resolves to a private, loopback, link-local or otherwise non-public address (${address})`,
} as const;

/** Parses and checks the form of a webhook URL (scheme, no credentials); throws UnsafeUrlError. */
export function parseWebhookUrl(text: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.notAbsolute);
  }
  const schemes = policy.allowPrivateUrls ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.notHttps);
  if (url.username || url.password) throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.credentials);
  if (!url.hostname) throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.noHost);
  return url;
}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The URL's host name without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host and checks every address it resolves to; returns the address to connect to.
 * Throws UnsafeUrlError when the URL is refused or the host does not resolve.
 */
export async function resolveWebhookTarget(text: string, policy: UrlPolicy): Promise<ResolvedTarget> {
  const url = parseWebhookUrl(text, policy);
  const host = bareHost(url);
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.unresolved(host));
    }
  }
  if (addresses.length === 0) throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.unresolved(host));
  if (!policy.allowPrivateUrls) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new UnsafeUrlError(UNSAFE_URL_MESSAGES.notPublic(refused.address));
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
