// The one phone-number rule (phone.ts) that participants, the call-blocking list and Settings all apply.
import { describe, expect, it } from 'vitest';
import { acceptPhoneNumber, phoneNumberMessage, storedPhoneNumber } from './phone';

describe('the phone-number rule', () => {
  it.each([
    ['+44 20 7946 0958', 'US', '+442079460958'],
    ['+1 (202) 555-0143', 'GB', '+12025550143'],
    ['(202) 555-0143', 'US', '+12025550143'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['011 44 20 7946 0958', 'US', '+442079460958'],
    ['00 1 202 555 0143', 'GB', '+12025550143'],
    // With +, a possible number is enough: Ofcom's drama range is not "valid", yet a number of the right length.
    ['+44 7700 900123', 'US', '+447700900123'],
  ] as const)('accepts %j read in %s as %s', (text, country, e164) => {
    expect(acceptPhoneNumber(text, country)).toBe(e164);
  });

  it.each([
    ['12345', 'US'], // too short for any country
    ['+1 555', 'US'], // too short for +1
    ['+999 1234', 'US'], // no such country code
    ['0201234567', 'US'], // a London number written nationally is no US number
    ['020 7946 0958', 'US'],
    ['(202) 555-0143', 'GB'], // nor is an American one a UK number
    ['call me', 'GB'],
    ['+1 202 555 0143<b>', 'US'],
    ['', 'US'],
  ] as const)('refuses %j read in %s', (text, country) => {
    expect(acceptPhoneNumber(text, country)).toBeNull();
    expect(storedPhoneNumber(text, country)).toBeNull();
  });

  it('stores a participant number with + as sent, and one without in E.164 with its extension', () => {
    expect(storedPhoneNumber(' +44 20 7946 0958 ', 'US')).toBe('+44 20 7946 0958');
    expect(storedPhoneNumber('(202) 555-0143', 'US')).toBe('+12025550143');
    expect(storedPhoneNumber('202 555 0143 ext. 12', 'US')).toBe('+12025550143 ext. 12');
  });

  it('says one thing whatever the door', () => {
    expect(phoneNumberMessage('phone_number1')).toBe(
      'phone_number1 is not a phone number we can read. Include the country code, e.g. +44 20 7946 0958.',
    );
  });
});
