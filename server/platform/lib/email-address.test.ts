import { describe, expect, it } from 'vitest';
import { normaliseEmailAddress } from './email-address';

describe('email addresses', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['john.doe+tag@Example.COM', 'john.doe+tag@Example.COM'],
    // Internationalised (EAI): a Unicode local part, an internationalised domain, both; stored in Unicode.
    ['zoë@example.org', 'zoë@example.org'],
    ['asa@exämple.org', 'asa@exämple.org'],
    ['用户@例子.广告', '用户@例子.广告'],
    // Decomposed (e + combining diaeresis) is stored composed (NFC), so the same address is one text.
    ['zoe\u0308@exa\u0308mple.org', 'zoë@exämple.org'],
  ])('accepts %s as %s', (text, stored) => {
    expect(normaliseEmailAddress(text)).toBe(stored);
  });

  it.each([
    'plainaddress',
    'someone@',
    '@example.org',
    'a@b',
    'a@b.c',
    'a@@example.org',
    'a b@example.org',
    'a@exa mple.org',
    '.a@example.org',
    'a..b@example.org',
    'a@-example.org',
    'a@example.org.',
    'a@example_host.org',
    'a@<b>.org',
    'a@[192.0.2.1]',
    'a\u200b@example.org',
    'a@exam\u200bple.org',
    `${'a'.repeat(65)}@example.org`,
    `${'ë'.repeat(33)}@example.org`, // 66 octets of UTF-8
  ])('refuses %s', (text) => {
    expect(normaliseEmailAddress(text)).toBeNull();
  });
});
