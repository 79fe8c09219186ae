// After the last test: removes every tenant, questionnaire and Admin this run created (their names start with
// the run's prefix), through the Admin API and, with E2E_DATABASE_URL (the deployment's PostgreSQL database),
// what the API cannot delete. scripts/qa/cleanup.ts does the work; it is also the command for earlier runs.
import fs from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { cleanUpQaObjects } from '../scripts/qa/cleanup';
import { againstDeployment } from './fixtures/credentials';
import { adminStorageStatePath, runPrefix } from './fixtures/run';

export default async function globalTeardown(config: FullConfig): Promise<void> {
  const project = config.projects[0]!;
  const log = (line: string) => console.log(`Clean-up: ${line}`);
  const storageState = adminStorageStatePath(project.outputDir);
  // The global set-up did not sign in (it failed, or the run was cut short before it): nothing was created.
  if (!fs.existsSync(storageState)) return;
  const left = await cleanUpQaObjects({
    baseUrl: project.use.baseURL!,
    prefix: runPrefix,
    storageState,
    databaseUrl: process.env.E2E_DATABASE_URL || undefined,
    log,
  });
  if (left.questionnaires.length + left.tenants.length + left.admins.length === 0) return;
  log(
    againstDeployment
      ? `with E2E_DATABASE_URL they go too; now: DATABASE_URL=… npx tsx scripts/qa/cleanup.ts --prefix ${runPrefix}`
      : 'the local server’s database goes with it.',
  );
}
