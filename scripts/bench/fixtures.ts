// Data and databases the benchmarks and load tests start from.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { createDatabase } from '@/server/platform/db/client';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { createTenant } from '@/server/questionnaires/tenants';
import { createQuestionnaire } from '@/server/questionnaires/questionnaires';
import { insertApiKey, API_KEY_SCOPES } from '@/server/api-keys/api-keys';
import { RATE_LIMIT_MAX } from '@/server/api-keys/rate-limits';

export interface SeededQuestionnaire {
  tenantId: string;
  questionnaireId: string;
  apiKey: string;
}

/** Migrates the database and creates a tenant, a questionnaire and an all-scopes key with no practical rate limit. */
export async function seedQuestionnaire(databaseUrl: string): Promise<SeededQuestionnaire> {
  await deployMigrations(databaseUrl);
  const database = createDatabase(databaseUrl, 2);
  try {
    return await seedTenantQuestionnaire(database.prisma);
  } finally {
    await database.close();
  }
}

/** A new tenant, its questionnaire and an all-scopes key with no practical rate limit, in an open database. */
export async function seedTenantQuestionnaire(prisma: PrismaClient): Promise<SeededQuestionnaire> {
  const tenant = await createTenant(
    prisma,
    { name: `bench ${randomUUID().slice(0, 8)}` },
    { type: 'system' },
  );
  const questionnaire = await createQuestionnaire(
    prisma,
    { tenantId: tenant.id, name: 'Benchmark' },
    { type: 'system' },
  );
  const { record } = await insertApiKey(prisma, {
    questionnaireId: questionnaire.id,
    name: 'bench',
    scopes: [...API_KEY_SCOPES],
  });
  // Load generators send far more than a customer's default rate limit allows; lift it for this key.
  await prisma.apiKey.update({ where: { id: record.id }, data: { rateLimitPerMinute: RATE_LIMIT_MAX } });
  return { tenantId: tenant.id, questionnaireId: questionnaire.id, apiKey: record.api_key };
}

/** A new, empty database on the local PostgreSQL server; drop() removes it. */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}
