// npm run lint:openapi (part of npm run lint): Redocly's linter over the OpenAPI document the service serves,
// written to a temporary file first (the document is generated from the router, never committed), with the
// rules of redocly.yaml. Exits with the linter's status.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@/server/doors/rest/openapi';

// Servers are the only part that depends on the deployment; they are checked by server/doors/rest/openapi.test.ts.
const document = buildOpenApiDocument({
  REGION: 'us',
  PUBLIC_BASE_URL: 'http://localhost:3000',
  US_BASE_URL: undefined,
  UK_BASE_URL: undefined,
});
const folder = mkdtempSync(path.join(tmpdir(), 'pais-openapi-'));
const file = path.join(folder, 'openapi.json');
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
const redocly = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'));
const config = path.join(import.meta.dirname, '..', 'redocly.yaml');
const run = spawnSync(process.execPath, [redocly, 'lint', file, '--config', config], {
  stdio: 'inherit',
  // No usage reports to Redocly (redocly.yaml says so too) and no look-up of a newer version.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(folder, { recursive: true, force: true });
process.exit(run.status ?? 1);
