// Keep-alive connections for outbound webhooks without weakening the SSRF guard: one agent per checked target
// (protocol, host, port, pinned address and family), and the agent's own lookup always answers with that
// address. Every socket an agent holds is therefore connected to an address the guard checked; a new DNS
// answer is a new address and so a different agent. Agents are few (least recently used are retired) and
// idle sockets close after a few seconds.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './ssrf-guard';

/** Distinct targets kept; more than the deliveries of one batch, few enough to bound open sockets. */
export const MAX_AGENTS = 64;
/** Idle sockets close after this; below the 5 s keep-alive of common servers (Node's default), so the
 * receiver rarely closes a socket just as we reuse it. */
const FREE_SOCKET_TIMEOUT_MS = 4_000;
const MAX_SOCKETS_PER_AGENT = 64;
const MAX_FREE_SOCKETS_PER_AGENT = 32;

const agents = new Map<string, http.Agent>();

/** A lookup that always answers with the address already checked, in whichever form the socket asks for. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
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

const keyOf = ({ url, address, family }: ResolvedTarget) =>
  `${url.protocol}//${url.host}|${address}|${family}`;

/** The keep-alive agent for a checked target; its sockets connect to `target.address` only. */
export function agentFor(target: ResolvedTarget): http.Agent {
  const key = keyOf(target);
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key); // re-inserted below: the Map's order is the recency order
  } else {
    const Agent = target.url.protocol === 'https:' ? https.Agent : http.Agent;
    agent = new Agent({
      keepAlive: true,
      timeout: FREE_SOCKET_TIMEOUT_MS,
      maxSockets: MAX_SOCKETS_PER_AGENT,
      maxFreeSockets: MAX_FREE_SOCKETS_PER_AGENT,
      // Agent options override the request's, so no request can point this agent elsewhere.
      lookup: pinnedLookup(target.address, target.family),
    });
  }
  agents.set(key, agent);
  if (agents.size > MAX_AGENTS) retire(agents.keys().next().value!);
  return agent;
}

/** Closes an agent's idle sockets and lets its busy ones close once their request is done. */
function retire(key: string): void {
  const agent = agents.get(key)!;
  agents.delete(key);
  agent.maxFreeSockets = 0;
  for (const sockets of Object.values(agent.freeSockets))
    for (const socket of sockets ?? []) socket.destroy();
}

/** How many agents are kept (for tests). */
export const agentCount = (): number => agents.size;

/** Closes every kept connection (tests, shutdown). */
export function closeAllAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
