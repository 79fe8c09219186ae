// Keep-alive connections for outbound webhooks without weakening the SSRF guard: one undici Pool per checked
// target (protocol, host, port, pinned address and family), and the pool's connector always resolves the host
// to that address. Every socket a pool holds is therefore connected to an address the guard checked; a new
// DNS answer is a new address and so a different pool. Pools are few (least recently used are retired) and
// idle sockets close after a few seconds.
//
// undici rather than node:http: per POST it spends about half the CPU (73–80 µs against 135–162 µs, receiver
// included, docs/capacity.md), which is a tenth of a delivery's cost on the embedded database.
import type { LookupFunction } from 'node:net';
import { buildConnector, Client, Pool } from 'undici';
import type { ResolvedTarget } from './ssrf-guard';

/** Distinct targets kept; more than the deliveries of one batch, few enough to bound open sockets. */
export const MAX_POOLS = 64;
/** Idle sockets close after this, whatever keep-alive the receiver offers; below the 5 s keep-alive of common
 * servers (Node's default), so the receiver rarely closes a socket just as we reuse it. */
const IDLE_SOCKET_TIMEOUT_MS = 4_000;
const CONNECTIONS_PER_POOL = 64;

const pools = new Map<string, Pool>();

/** A lookup that always answers with the address already checked, in whichever form the socket asks for. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else {
      callback(null, address, family);
    }
  };
}

/** Set on a socket error: how many bytes the socket had read before it (> 0: it had answered before). */
const BYTES_READ_BEFORE = Symbol('bytesReadBefore');

/**
 * Whether a request failed on a connection that had already carried an answer (a reused keep-alive socket),
 * so a receiver's idle close racing our reuse, not the request itself. undici names the socket's counters in
 * its own errors; a raw reset (ECONNRESET, EPIPE) carries the count the connector stamped on it.
 */
export function failedOnReusedSocket(error: unknown): boolean {
  const e = error as { socket?: { bytesRead?: number }; [BYTES_READ_BEFORE]?: number };
  return (e.socket?.bytesRead ?? e[BYTES_READ_BEFORE] ?? 0) > 0;
}

/** undici's connector with the pinned lookup, stamping each socket error with the bytes read before it. */
function pinnedConnector({ address, family }: ResolvedTarget): buildConnector.connector {
  // A lookup in the connector's options reaches net.connect / tls.connect: no other resolution happens. No
  // connect timeout of undici's own (10 s): the request's one deadline (http-client.ts) covers connecting too.
  const connect = buildConnector({ lookup: pinnedLookup(address, family), timeout: 0 });
  return (options, callback) =>
    connect(options, (error, socket) => {
      if (error) return callback(error, null);
      // Registered before undici's own listener, so the stamp is there when undici reports the error.
      socket.on('error', (socketError: Error & { [BYTES_READ_BEFORE]?: number }) => {
        socketError[BYTES_READ_BEFORE] = socket.bytesRead;
      });
      callback(null, socket);
    });
}

const keyOf = ({ url, address, family }: ResolvedTarget) =>
  `${url.protocol}//${url.host}|${address}|${family}`;

/** The keep-alive pool for a checked target; its sockets connect to `target.address` only. */
export function poolFor(target: ResolvedTarget): Pool {
  const key = keyOf(target);
  let pool = pools.get(key);
  if (pool) {
    pools.delete(key); // re-inserted below: the Map's order is the recency order
  } else {
    pool = new Pool(target.url.origin, {
      connect: pinnedConnector(target),
      connections: CONNECTIONS_PER_POOL,
      keepAliveTimeout: IDLE_SOCKET_TIMEOUT_MS,
      keepAliveMaxTimeout: IDLE_SOCKET_TIMEOUT_MS,
      // undici's own waits for headers and body (300 s) are off: the request's one deadline governs.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  }
  pools.set(key, pool);
  if (pools.size > MAX_POOLS) retire(pools.keys().next().value!);
  return pool;
}

/** Closes a pool's idle sockets at once and its busy ones once their request is done. */
function retire(key: string): void {
  const pool = pools.get(key)!;
  pools.delete(key);
  pool.close().catch(() => undefined);
}

/** How many pools are kept (for tests). */
export const poolCount = (): number => pools.size;

/** Closes every kept connection (tests). */
export async function closeAllPools(): Promise<void> {
  const closing = [...pools.values()].map((pool) => pool.destroy());
  pools.clear();
  await Promise.all(closing);
}

/** A one-request connection to a checked target (the caller closes it), for the retry after a stale socket. */
export const freshClientFor = (target: ResolvedTarget): Client =>
  new Client(target.url.origin, { connect: pinnedConnector(target), headersTimeout: 0, bodyTimeout: 0 });
