// The SSRF guard admits only globally reachable addresses, IPv4 embedded in IPv6 too (IPv4-compatible IPv6
// such as [::127.0.0.1] reaches this host). Table-driven over every block of the IANA special-purpose registries, and every IPv6 form
// that embeds an IPv4 address.
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolveWebhookTarget, UnsafeUrlError } from './ssrf-guard';
import { IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE } from './special-purpose-addresses';

/** The first and the last address of a block. */
function ends(cidr: string): [string, string] {
  const [address, bits] = ipaddr.parseCIDR(cidr);
  if (address.kind() === 'ipv4')
    return [
      ipaddr.IPv4.networkAddressFromCIDR(cidr).toString(),
      ipaddr.IPv4.broadcastAddressFromCIDR(cidr).toString(),
    ];
  void bits;
  return [
    ipaddr.IPv6.networkAddressFromCIDR(cidr).toString(),
    ipaddr.IPv6.broadcastAddressFromCIDR(cidr).toString(),
  ];
}

/** The 6to4, NAT64, mapped, compatible and Teredo forms of an IPv4 address. */
function embeddings(v4: string): Record<string, string> {
  const [a, b, c, d] = ipaddr.IPv4.parse(v4).octets as [number, number, number, number];
  const hi = ((a << 8) | b).toString(16);
  const lo = ((c << 8) | d).toString(16);
  const inv = (n: number) => (n ^ 0xffff).toString(16);
  return {
    'IPv4-mapped': `::ffff:${v4}`,
    'IPv4-mapped (hex)': `::ffff:${hi}:${lo}`,
    'IPv4-compatible': `::${v4}`,
    'IPv4-compatible (hex, long form)': `0:0:0:0:0:0:${hi}:${lo}`,
    'NAT64 64:ff9b::/96': `64:ff9b::${v4}`,
    '6to4 2002::/16': `2002:${hi}:${lo}::1`,
    'Teredo 2001::/32 (server)': `2001:0:${hi}:${lo}:0:0:${inv(0x0808)}:${inv(0x0808)}`,
    'Teredo 2001::/32 (client)': `2001:0:808:808:0:0:${inv((a << 8) | b)}:${inv((c << 8) | d)}`,
  };
}

const notGlobal = (blocks: typeof IPV4_SPECIAL_PURPOSE) =>
  blocks.filter((b) => !b.globallyReachable).flatMap((b) => ends(b.cidr).map((address) => [address, b.name]));
const global = (blocks: typeof IPV4_SPECIAL_PURPOSE) =>
  blocks.filter((b) => b.globallyReachable).flatMap((b) => ends(b.cidr).map((address) => [address, b.name]));

describe('SSRF guard: IANA special-purpose address registries', () => {
  it.each(notGlobal(IPV4_SPECIAL_PURPOSE))('refuses IPv4 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(notGlobal(IPV6_SPECIAL_PURPOSE))('refuses IPv6 %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([...global(IPV4_SPECIAL_PURPOSE), ...global(IPV6_SPECIAL_PURPOSE)])(
    'admits the globally reachable %s (%s)',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each(['4000::1', '::ffff:0:0a00:1', '100::1:2', 'c000::1'])(
    'refuses IPv6 %s outside the global unicast space 2000::/3',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );

  const insideV4 = notGlobal(IPV4_SPECIAL_PURPOSE).map(([address]) => address!);
  it.each(insideV4.flatMap((v4) => Object.entries(embeddings(v4)).map(([form, v6]) => [v6, form, v4])))(
    'refuses %s (%s of %s)',
    (v6) => {
      expect(isPublicAddress(v6)).toBe(false);
    },
  );

  it.each(Object.entries(embeddings('8.8.8.8')).map(([form, v6]) => [v6, form]))(
    'admits %s (%s of the public 8.8.8.8)',
    (v6) => {
      expect(isPublicAddress(v6)).toBe(true);
    },
  );

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e'])(
    'admits the public %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    'https://[::127.0.0.1]/',
    'https://[::10.0.0.1]/',
    'https://[::169.254.169.254]/',
    'https://[0:0:0:0:0:0:7f00:1]/',
    'https://[64:ff9b::127.0.0.1]/',
    'https://[64:ff9b:1::a00:1]/',
    'https://[2002:a9fe:a9fe::]/',
    'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  ])('refuses the webhook URL %s of the probe', async (url) => {
    await expect(resolveWebhookTarget(url, { allowPrivateUrls: false })).rejects.toThrow(UnsafeUrlError);
  });
});
