// Once per `vitest run`, before any test file: the migrated template databases every test database is
// copied from (server/test/database-templates.ts). The worker processes start after this and inherit the
// environment variables that name the templates.
import { migrationSql, testDatabaseKinds } from './server/test/database';
import { makePgliteTemplate, makePostgresTemplate } from './server/test/database-templates';

export default async function setup(): Promise<void> {
  const migrations = migrationSql();
  const kinds = testDatabaseKinds();
  if (kinds.includes('pglite')) await makePgliteTemplate(migrations);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && kinds.includes('postgresql')) await makePostgresTemplate(serverUrl, migrations);
}
