// Once per `vitest run`, before any test file: the migrated template databases every test database is
// copied from (server/test/database-templates.ts), the deployed ones the CLI tests' databases are copied from,
// and the bundle of the operator scripts the CLI tests run (scripts/cli/test-bundle.ts). The worker processes
// start after this and inherit the environment variables that name them. Returns the teardown: removes the bundle.
import { migrationSql, testDatabaseKinds } from './server/test/database';
import {
  makeDeployedPgliteTemplate,
  makeDeployedPostgresTemplate,
  makePgliteTemplate,
  makePostgresTemplate,
} from './server/test/database-templates';
import { bundleScripts } from './scripts/cli/test-bundle';

export default async function setup(): Promise<() => void> {
  const migrations = migrationSql();
  const kinds = testDatabaseKinds();
  // esbuild runs in its own process meanwhile.
  const bundled = bundleScripts();
  try {
    if (kinds.includes('pglite')) {
      await makePgliteTemplate(migrations);
      await makeDeployedPgliteTemplate(migrations);
    }
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl && kinds.includes('postgresql')) {
      await makePostgresTemplate(serverUrl, migrations);
      await makeDeployedPostgresTemplate(serverUrl, migrations);
    }
  } catch (error) {
    (await bundled.catch(() => () => undefined))();
    throw error;
  }
  return await bundled;
}
