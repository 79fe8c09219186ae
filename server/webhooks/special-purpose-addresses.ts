// Which IP addresses a webhook or OAuth2 token request may reach: only globally routable ones. The tables are
// the IANA IPv4 and IPv6 Special-Purpose Address Registries (plus multicast and, for IPv6, everything outside
// the global unicast space 2000::/3); the most specific block that holds an address decides. IPv6 forms that
// carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are judged by that IPv4 address, so
// [::127.0.0.1] or [64:ff9b::a00:1] cannot reach inside.
// https://www.iana.org/assignments/iana-ipv4-special-registry/
// https://www.iana.org/assignments/iana-ipv6-special-registry/
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface SpecialPurposeBlock {
  cidr: string;
  name: string;
  /** The registry's "Globally Reachable" column; false also for "N/A" and for deprecated blocks. */
  globallyReachable: boolean;
}

export const IPV4_SPECIAL_PURPOSE: readonly SpecialPurposeBlock[] = [
  { cidr: '0.0.0.0/8', name: 'This network', globallyReachable: false },
  { cidr: '0.0.0.0/32', name: 'This host on this network', globallyReachable: false },
  { cidr: '10.0.0.0/8', name: 'Private-Use', globallyReachable: false },
  { cidr: '100.64.0.0/10', name: 'Shared Address Space', globallyReachable: false },
  { cidr: '127.0.0.0/8', name: 'Loopback', globallyReachable: false },
  { cidr: '169.254.0.0/16', name: 'Link Local', globallyReachable: false },
  { cidr: '172.16.0.0/12', name: 'Private-Use', globallyReachable: false },
  { cidr: '192.0.0.0/24', name: 'IETF Protocol Assignments', globallyReachable: false },
  { cidr: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', globallyReachable: false },
  { cidr: '192.0.0.8/32', name: 'IPv4 dummy address', globallyReachable: false },
  { cidr: '192.0.0.9/32', name: 'Port Control Protocol Anycast', globallyReachable: true },
  { cidr: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', globallyReachable: true },
  { cidr: '192.0.0.170/32', name: 'NAT64/DNS64 Discovery', globallyReachable: false },
  { cidr: '192.0.0.171/32', name: 'NAT64/DNS64 Discovery', globallyReachable: false },
  { cidr: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', globallyReachable: false },
  { cidr: '192.31.196.0/24', name: 'AS112-v4', globallyReachable: true },
  { cidr: '192.52.193.0/24', name: 'AMT', globallyReachable: true },
  { cidr: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', globallyReachable: false },
  { cidr: '192.88.99.2/32', name: '6a44-relay anycast address', globallyReachable: false },
  { cidr: '192.168.0.0/16', name: 'Private-Use', globallyReachable: false },
  { cidr: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', globallyReachable: true },
  { cidr: '198.18.0.0/15', name: 'Benchmarking', globallyReachable: false },
  { cidr: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', globallyReachable: false },
  { cidr: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', globallyReachable: false },
  {
    cidr: '224.0.0.0/4',
    name: 'Multicast (IPv4 Multicast Address Space Registry)',
    globallyReachable: false,
  },
  { cidr: '240.0.0.0/4', name: 'Reserved', globallyReachable: false },
  { cidr: '255.255.255.255/32', name: 'Limited Broadcast', globallyReachable: false },
];

export const IPV6_SPECIAL_PURPOSE: readonly SpecialPurposeBlock[] = [
  { cidr: '::1/128', name: 'Loopback Address', globallyReachable: false },
  { cidr: '::/128', name: 'Unspecified Address', globallyReachable: false },
  { cidr: '64:ff9b:1::/48', name: 'IPv4-IPv6 Translat. (local use)', globallyReachable: false },
  { cidr: '100::/64', name: 'Discard-Only Address Block', globallyReachable: false },
  { cidr: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', globallyReachable: false },
  { cidr: '2001::/23', name: 'IETF Protocol Assignments', globallyReachable: false },
  { cidr: '2001:1::1/128', name: 'Port Control Protocol Anycast', globallyReachable: true },
  { cidr: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', globallyReachable: true },
  { cidr: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', globallyReachable: true },
  { cidr: '2001:2::/48', name: 'Benchmarking', globallyReachable: false },
  { cidr: '2001:3::/32', name: 'AMT', globallyReachable: true },
  { cidr: '2001:4:112::/48', name: 'AS112-v6', globallyReachable: true },
  { cidr: '2001:10::/28', name: 'Deprecated (previously ORCHID)', globallyReachable: false },
  { cidr: '2001:20::/28', name: 'ORCHIDv2', globallyReachable: true },
  {
    cidr: '2001:30::/28',
    name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix',
    globallyReachable: true,
  },
  { cidr: '2001:db8::/32', name: 'Documentation', globallyReachable: false },
  { cidr: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', globallyReachable: true },
  { cidr: '3fff::/20', name: 'Documentation', globallyReachable: false },
  { cidr: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', globallyReachable: false },
  { cidr: 'fc00::/7', name: 'Unique-Local', globallyReachable: false },
  { cidr: 'fe80::/10', name: 'Link-Local Unicast', globallyReachable: false },
  { cidr: 'ff00::/8', name: 'Multicast (IPv6 Multicast Address Space Registry)', globallyReachable: false },
];

type Block = SpecialPurposeBlock & { range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

/** Most specific first, so the first block that matches decides. */
const bySpecificity = (blocks: readonly SpecialPurposeBlock[]): Block[] =>
  blocks
    .map((block) => ({ ...block, range: ipaddr.parseCIDR(block.cidr) }))
    .sort((a, b) => b.range[1] - a.range[1]);

const IPV4_BLOCKS = bySpecificity(IPV4_SPECIAL_PURPOSE);
const IPV6_BLOCKS = bySpecificity(IPV6_SPECIAL_PURPOSE);
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

const ipv4FromWords = (high: number, low: number) =>
  ipaddr.fromByteArray([high >> 8, high & 0xff, low >> 8, low & 0xff]) as ipaddr.IPv4;

/**
 * The IPv4 addresses an IPv6 address carries and would be delivered to: IPv4-mapped ::ffff:0:0/96,
 * IPv4-compatible ::/96 (deprecated), NAT64 64:ff9b::/96 (RFC 6052), 6to4 2002::/16 (RFC 3056) and Teredo
 * 2001::/32 (RFC 4380: the server, and the client stored inverted). Null when it carries none.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  const zero = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zero(0, 5) && p[5] === 0xffff) return [ipv4FromWords(p[6]!, p[7]!)];
  if (zero(0, 6)) return [ipv4FromWords(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && zero(2, 6)) return [ipv4FromWords(p[6]!, p[7]!)];
  if (p[0] === 0x2002) return [ipv4FromWords(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0)
    return [ipv4FromWords(p[2]!, p[3]!), ipv4FromWords(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return null;
}

const firstMatch = (blocks: Block[], address: ipaddr.IPv4 | ipaddr.IPv6) =>
  blocks.find((block) => block.range[0].kind() === address.kind() && address.match(block.range));

function isGloballyReachableIPv4(address: ipaddr.IPv4): boolean {
  return firstMatch(IPV4_BLOCKS, address)?.globallyReachable ?? true;
}

/**
 * True only for an address that is globally routable: an IP address in its plain textual form (what DNS and
 * URL parsing give), not in a non-global special-purpose block, and, for IPv6, inside 2000::/3 or an embedded
 * IPv4 form whose IPv4 addresses are all globally routable.
 */
export function isGloballyRoutable(text: string): boolean {
  const family = net.isIP(text);
  if (family === 0) return false;
  if (family === 4) return isGloballyReachableIPv4(ipaddr.IPv4.parse(text));
  const address = ipaddr.IPv6.parse(text);
  // The embedded forms are judged by what they carry, whatever the block around them says.
  const carried = embeddedIPv4(address);
  if (carried) return carried.every(isGloballyReachableIPv4);
  const block = firstMatch(IPV6_BLOCKS, address);
  if (block) return block.globallyReachable;
  return address.match(GLOBAL_UNICAST);
}
