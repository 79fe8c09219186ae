import { describe, expect, it } from 'vitest';
import { findLeaks, rememberSecretsOfRequest, secretsUsed } from './secret-scan';

describe('the secret scan of the log-leak guard', () => {
  it('finds every value a test sent as a credential or personal field, and nothing else', () => {
    rememberSecretsOfRequest(
      new Headers({ authorization: 'Bearer token-sent-by-a-test-0123' }),
      JSON.stringify({
        interview_ref_num: 'IRN-77',
        nested: { client_secret: 'cs-value-xyz' },
        email: 'a@b.co',
      }),
    );
    const secrets = secretsUsed();
    expect(secrets.has('token-sent-by-a-test-0123')).toBe(true);
    expect(secrets.has('cs-value-xyz')).toBe(true);
    expect(secrets.has('IRN-77')).toBe(false);
    const clean = '{"level":"info","requestId":"r-1","route":"/api/internal/results","status":202}';
    expect(findLeaks([clean], secrets)).toEqual([]);
    expect(findLeaks(['{"msg":"sent cs-value-xyz"}'], secrets)).toEqual([
      { kind: 'a secret the tests sent', line: '{"msg":"sent cs-…yz"}' },
    ]);
  });

  it('finds anything shaped like a key, a webhook secret, a bearer token, an e-mail or a phone number', () => {
    const kinds = (line: string) => findLeaks([line], new Set()).map((l) => l.kind);
    expect(kinds('key pais_live_AbCdEfGhIjKlMnOp')).toEqual(['API key']);
    expect(kinds('secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toEqual(['webhook secret']);
    expect(kinds('header Bearer abcdefghijkl')).toEqual(['bearer token']);
    expect(kinds('to ada@example.com')).toEqual(['e-mail address']);
    expect(kinds('call +1 202 555 0143')).toEqual(['phone number']);
    expect(kinds('{"time":"2026-11-23T09:39:10.548+01:00","durationMs":38.2}')).toEqual([]);
  });
});
