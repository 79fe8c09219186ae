import { describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  parseWebhookUrl,
  refuseFragment,
  resolveWebhookTarget,
  UnsafeUrlError,
} from './ssrf-guard';

const strict = { allowPrivateUrls: false };
const relaxed = { allowPrivateUrls: true };

describe('SSRF guard', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['100.100.100.200', 'cloud metadata (carrier-grade NAT)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'IPv6 unique local'],
    ['fd00:ec2::254', 'AWS IPv6 metadata'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])('admits public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['http://127.0.0.1/hook', /must use https/],
    ['ftp://127.0.0.1/hook', /must use https/],
    ['https://user:pass@127.0.0.1/hook', /user name or password/],
    ['not a url', /not a valid absolute URL/],
  ])('refuses the form of %s', (url, message) => {
    expect(() => parseWebhookUrl(url, strict)).toThrow(message);
  });

  // Where http is admitted too, the scheme message must not claim that only https is.
  it.each([
    ['ftp://127.0.0.1/hook', 'The URL must use http or https'],
    ['file:///etc/passwd', 'The URL must use http or https'],
  ])('with private URLs allowed, refuses %s saying what is allowed', (url, message) => {
    expect(() => parseWebhookUrl(url, relaxed)).toThrow(new UnsafeUrlError(message));
  });

  it.each(['https://127.0.0.1/hook#section', 'https://127.0.0.1/hook#'])(
    'refuses the fragment of %s',
    (url) => {
      expect(() => refuseFragment(url)).toThrow(
        new UnsafeUrlError('The URL must not contain a fragment (the part from #)'),
      );
    },
  );

  it('with private URLs allowed, admits http', () => {
    expect(parseWebhookUrl('http://127.0.0.1:8080/hook?x=1', relaxed).href).toBe(
      'http://127.0.0.1:8080/hook?x=1',
    );
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.0.0.5:8443/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[fe80::1]/hook',
    'https://0x7f000001/hook',
    'https://2130706433/hook',
  ])('refuses %s, which points inside', async (url) => {
    await expect(resolveWebhookTarget(url, strict)).rejects.toThrow(UnsafeUrlError);
  });

  // The guard's public-or-not decision is tested on addresses above; this case only needs a host it admits
  // under the strict policy, so it uses 3000::1: global unicast space (2000::/3) that IANA has allocated to no
  // one, hence "public" to the guard yet nobody's host. Tests never write a real public address into a URL.
  it('admits a literal address the policy allows and pins it', async () => {
    await expect(resolveWebhookTarget('https://[3000::1]/hook', strict)).resolves.toMatchObject({
      address: '3000::1',
      family: 6,
    });
    await expect(resolveWebhookTarget('https://127.0.0.1/hook', relaxed)).resolves.toMatchObject({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('refuses a host that does not resolve', async () => {
    await expect(resolveWebhookTarget('https://no-such-host.invalid/hook', strict)).rejects.toThrow(
      /does not resolve/,
    );
  });

  it('admits http and private addresses with WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    await expect(resolveWebhookTarget('http://127.0.0.1:4000/hook', relaxed)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveWebhookTarget('http://localhost:4000/hook', relaxed)).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
    await expect(resolveWebhookTarget('https://[::1]/hook', relaxed)).resolves.toMatchObject({ family: 6 });
  });
});
