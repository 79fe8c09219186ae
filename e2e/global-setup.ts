// Before any test: signs the QA operator in once (with an authenticator code when E2E_ADMIN_TOTP_SECRET is set)
// and keeps the session for every worker and the teardown, so a run uses one sign-in, not one per worker: an
// account with two-factor sign-in can give only one code per 30 s step.
import fs from 'node:fs';
import path from 'node:path';
import { request, type FullConfig } from '@playwright/test';
import { signInAdmin } from '../scripts/qa/admin-session';
import { adminCredentials } from './fixtures/credentials';
import { adminStorageStatePath, runPrefix } from './fixtures/run';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const project = config.projects[0]!;
  const file = adminStorageStatePath(project.outputDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const context = await request.newContext({ baseURL: project.use.baseURL });
  try {
    await signInAdmin(context, adminCredentials, (ms) =>
      console.log(`Waiting ${Math.ceil(ms / 1000)} s for a fresh authenticator code…`),
    );
    await context.storageState({ path: file });
  } finally {
    await context.dispose();
  }
  console.log(`QA run prefix: ${runPrefix} (everything this run creates is named with it)`);
}
