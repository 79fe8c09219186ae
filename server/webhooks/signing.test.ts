import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { generateSigningSecret, signWebhook, verifyWebhook } from './signing';

describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ callback_type: 'Result Update', status: 'Result Published' });

  it('signs id.timestamp.body with HMAC-SHA256 of the base64 secret, as the specification says', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const timestamp = new Date();
    const headers = signWebhook({ messageId: 'msg_1', timestamp, body, secrets: [secret] });
    const seconds = Math.floor(timestamp.getTime() / 1000);
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`msg_1.${seconds}.${body}`)
      .digest('base64');
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(seconds),
      'webhook-signature': `v1,${expected}`,
    });
    expect(verifyWebhook(secret, body, headers)).toEqual(JSON.parse(body));
    // The reference library agrees.
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('carries one signature per secret, each verifiable on its own', () => {
    const [a, b, c] = [generateSigningSecret(), generateSigningSecret(), generateSigningSecret()];
    const headers = signWebhook({
      messageId: 'msg_4',
      timestamp: new Date(),
      body,
      secrets: [a, b],
    });
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => verifyWebhook(a, body, headers)).not.toThrow();
    expect(() => verifyWebhook(b, body, headers)).not.toThrow();
    expect(() => verifyWebhook(c, body, headers)).toThrow('No matching signature found');
  });

  it('refuses a changed body, a stale timestamp and missing headers', () => {
    const secret = generateSigningSecret();
    const fresh = signWebhook({ messageId: 'msg_2', timestamp: new Date(), body, secrets: [secret] });
    expect(() => verifyWebhook(secret, body.replace('Published', 'Pending'), fresh)).toThrow();
    const stale = signWebhook({
      messageId: 'msg_2',
      timestamp: new Date(Date.now() - 10 * 60_000),
      body,
      secrets: [secret],
    });
    expect(() => verifyWebhook(secret, body, stale)).toThrow('Message timestamp too old');
    expect(() => verifyWebhook(secret, body, {})).toThrow('Missing required headers');
  });

  it('reads headers from a Fetch Headers object, whatever their case', () => {
    const secret = generateSigningSecret();
    const signed = signWebhook({ messageId: 'msg_3', timestamp: new Date(), body, secrets: [secret] });
    const headers = new Headers({
      'Webhook-Id': signed['webhook-id'],
      'Webhook-Timestamp': signed['webhook-timestamp'],
      'Webhook-Signature': signed['webhook-signature'],
    });
    expect(verifyWebhook(secret, Buffer.from(body), headers)).toEqual(JSON.parse(body));
  });
});
