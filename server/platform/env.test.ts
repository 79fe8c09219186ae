import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('configuration', () => {
  it('runs the embedded mode with no configuration at all', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      DATABASE_URL: 'pglite:./data/pglite',
      PORT: 3000,
      PUBLIC_BASE_URL: 'http://localhost:3000',
      REGION: 'us',
      WEBHOOK_ALLOW_PRIVATE_URLS: false,
      WEBHOOK_SCHEDULER: true,
      SKIP_MIGRATIONS: false,
    });
  });

  it('reads SKIP_MIGRATIONS as a flag like every other boolean', () => {
    expect(parseEnv({ SKIP_MIGRATIONS: 'true' }).SKIP_MIGRATIONS).toBe(true);
    expect(parseEnv({ SKIP_MIGRATIONS: '0' }).SKIP_MIGRATIONS).toBe(false);
    expect(() => parseEnv({ SKIP_MIGRATIONS: 'maybe' })).toThrow(
      'Invalid configuration: SKIP_MIGRATIONS must be one of true, false, 1, 0, yes, no, on, off',
    );
  });

  it('reads ACCEPT_NEWER_MIGRATIONS as a list of migration names and refuses anything else', () => {
    expect(
      parseEnv({ ACCEPT_NEWER_MIGRATIONS: ' 20261201000000_a, 20261202000000_b ,' }).ACCEPT_NEWER_MIGRATIONS,
    ).toEqual(['20261201000000_a', '20261202000000_b']);
    expect(() => parseEnv({ ACCEPT_NEWER_MIGRATIONS: 'all' })).toThrow(
      'Invalid configuration: ACCEPT_NEWER_MIGRATIONS must list migration names',
    );
  });

  it('runs the webhook dispatcher by default on PostgreSQL too, and treats empty values as unset', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgresql://u@db:5432/app',
      PORT: '',
      PUBLIC_BASE_URL: 'https://x.example/',
    });
    expect(env.WEBHOOK_SCHEDULER).toBe(true);
    expect(
      parseEnv({ DATABASE_URL: 'postgresql://u@db:5432/app', WEBHOOK_SCHEDULER: 'false' }),
    ).toMatchObject({
      WEBHOOK_SCHEDULER: false,
    });
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_BASE_URL).toBe('https://x.example');
  });

  it('single sign-on needs all three OIDC variables, and password sign-in can be off only with it', () => {
    const sso = { OIDC_ISSUER: 'https://id.example/', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's3cret' };
    expect(parseEnv({ ...sso, ADMIN_PASSWORD_SIGN_IN: 'false' })).toMatchObject({
      OIDC_ISSUER: 'https://id.example',
      OIDC_DISPLAY_NAME: 'SSO',
      ADMIN_PASSWORD_SIGN_IN: false,
      ADMIN_REQUIRE_2FA: false,
    });
    expect(() => parseEnv({ OIDC_ISSUER: 'https://id.example' })).toThrow(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
    expect(() => parseEnv({ ADMIN_PASSWORD_SIGN_IN: 'false' })).toThrow(
      'Invalid configuration: ADMIN_PASSWORD_SIGN_IN can be false only while single sign-on (OIDC_ISSUER) is set',
    );
    expect(() => parseEnv({ ADMIN_REQUIRE_2FA: 'maybe' })).toThrow(
      /^Invalid configuration: ADMIN_REQUIRE_2FA/,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a port number from 1 to 65535'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be pglite:<directory>, pglite:memory:// or postgresql://…',
    ],
    [{ REGION: 'eu' }, 'Invalid configuration: REGION must be us or uk'],
    [
      { DATABASE_DIRECT_URL: 'pglite:./data' },
      'Invalid configuration: DATABASE_DIRECT_URL must be a postgresql://… URL',
    ],
    [
      { WEBHOOK_ALLOW_PRIVATE_URLS: 'maybe' },
      'Invalid configuration: WEBHOOK_ALLOW_PRIVATE_URLS must be one of true, false, 1, 0, yes, no, on, off',
    ],
    [{ NEXTAUTH_SECRET: 'short' }, 'Invalid configuration: NEXTAUTH_SECRET must be at least 32 characters'],
    [
      { PUBLIC_BASE_URL: 'ftp://x' },
      'Invalid configuration: PUBLIC_BASE_URL must be an absolute http(s) URL',
    ],
  ])('refuses %j with one line naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
