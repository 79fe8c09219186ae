// Playwright suites. By default they build the app and start it on a throw-away embedded database; with
// BASE_URL (and E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD, and the variables of docs/development.md's QA section)
// they run against any deployment instead, and start no server of their own. Either way the global set-up
// signs the operator in once, everything the run creates is named with its prefix (e2e/fixtures/run.ts), and
// the global teardown removes it.
import { defineConfig, devices } from '@playwright/test';
import { e2eInternalApiToken, localAdmin, ssoClient } from './e2e/fixtures/credentials';
import { scaledTimeout } from './e2e/fixtures/timeouts';
// Chooses the run's prefix here, in the main process, before any worker starts: they inherit it.
import './e2e/fixtures/run';

const externalBaseUrl = process.env.BASE_URL;
const port = Number(process.env.E2E_PORT ?? 3100);
export { localAdmin };

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: scaledTimeout(30_000),
  expect: { timeout: scaledTimeout(10_000) },
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    ['./e2e/skip-reasons-reporter.ts'],
  ],
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (apt-get install chromium): Playwright's own browser download is not reachable here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'bash scripts/e2e-server.sh',
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 600_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: {
          PORT: String(port),
          PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
          ADMIN_EMAIL: localAdmin.email,
          ADMIN_PASSWORD: localAdmin.password,
          WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
          INTERNAL_API_TOKEN: e2eInternalApiToken,
          // e2e/sso.spec.ts starts this provider itself; until then the button leads nowhere.
          OIDC_ISSUER: ssoClient.issuer,
          OIDC_CLIENT_ID: ssoClient.clientId,
          OIDC_CLIENT_SECRET: ssoClient.clientSecret,
          OIDC_DISPLAY_NAME: ssoClient.displayName,
        },
      },
});
