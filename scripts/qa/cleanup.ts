// Removes what Playwright QA runs left on a deployment: every tenant, questionnaire and Admin whose name (an
// Admin's email) starts with a run prefix (the suite names all it creates `qa-<run id>-…`, e2e/fixtures/run.ts).
// The suite's global teardown calls it for its own run; as a command it sweeps the leftovers of earlier runs:
//
//   BASE_URL=… E2E_ADMIN_EMAIL=… E2E_ADMIN_PASSWORD=… [E2E_ADMIN_TOTP_SECRET=…] [DATABASE_URL=postgresql://…] \
//   npx tsx scripts/qa/cleanup.ts --prefix qa- [--dry-run]
//
// First through the deployment's own Admin API, as an operator would (audited): a questionnaire without
// participants and a tenant without questionnaires are deleted, the others archived (the service keeps their
// data). Participants (erasure keeps an anonymised row), archived questionnaires and tenants, and Admins (there
// is no deletion of an Admin at all) have no deletion path in the service: with a PostgreSQL DATABASE_URL those
// are deleted from the database (their audit entries stay: the audit log is append-only). The Admin running
// the clean-up is never removed, whatever its email.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import pg from 'pg';
import { signInAdmin, type QaAdmin } from './admin-session';

interface Named {
  id: string;
  name: string;
}
interface ListedQuestionnaire extends Named {
  tenantId: string;
}
interface ListedAdmin {
  id: string;
  email: string;
}

export interface CleanUpOptions {
  baseUrl: string;
  prefix: string;
  /** A signed-in operator's Playwright storage state, or credentials to sign in with. */
  storageState?: string;
  admin?: QaAdmin;
  /** The deployment's PostgreSQL database, for what the Admin API cannot delete. */
  databaseUrl?: string;
  dryRun?: boolean;
  log?: (line: string) => void;
}

export interface Leftovers {
  questionnaires: string[];
  tenants: string[];
  admins: string[];
}

/** A name a QA run with this prefix gave (as typed: a tenant called "QA-Team" is not one). */
const ofRun = (prefix: string, name: string) => name.startsWith(prefix);
/** An Admin a QA run with this prefix invited (email addresses are stored in lower case). */
const invitedByRun = (prefix: string, email: string) => email.toLowerCase().startsWith(prefix.toLowerCase());

/** The procedure's data, or an error naming the procedure and the start of what it answered instead. */
async function dataOf<T>(path: string, answer: APIResponse): Promise<T> {
  if (!answer.ok())
    throw new Error(`${path} answered ${answer.status()}: ${(await answer.text()).slice(0, 300)}`);
  return ((await answer.json()) as { result: { data: T } }).result.data;
}

class AdminCalls {
  constructor(private readonly request: APIRequestContext) {}

  async query<T>(path: string, input: unknown): Promise<T> {
    const answer = await this.request.get(
      `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
    );
    return dataOf<T>(path, answer);
  }

  async mutation<T>(path: string, input: unknown): Promise<T> {
    const answer = await this.request.post(`/api/trpc/${path}`, { data: input });
    return dataOf<T>(path, answer);
  }
}

/** What the Admin API still lists of the run: live or archived tenants and questionnaires, and Admins. */
async function listOfRun(api: AdminCalls, prefix: string, self: string): Promise<Leftovers> {
  const tenants = [
    ...(await api.query<Named[]>('tenant.list', {})),
    ...(await api.query<Named[]>('tenant.list', { archived: true })),
  ];
  const tenantIds = new Set(tenants.filter((t) => ofRun(prefix, t.name)).map((t) => t.id));
  const questionnaires = [
    ...(await api.query<ListedQuestionnaire[]>('questionnaire.list', {})),
    ...(await api.query<ListedQuestionnaire[]>('questionnaire.list', { archived: true })),
  ].filter((q) => ofRun(prefix, q.name) || tenantIds.has(q.tenantId));
  const admins = (await api.query<ListedAdmin[]>('adminUser.list', {})).filter(
    (a) => invitedByRun(prefix, a.email) && a.email.toLowerCase() !== self.toLowerCase(),
  );
  return {
    questionnaires: [...new Set(questionnaires.map((q) => q.name))],
    tenants: [...new Set(tenants.filter((t) => tenantIds.has(t.id)).map((t) => t.name))],
    admins: admins.map((a) => a.email),
  };
}

/** Step 1: the Admin API's own removal (delete when empty, archive otherwise), questionnaires first. */
async function removeThroughApi(api: AdminCalls, prefix: string, log: (line: string) => void) {
  const liveTenants = await api.query<Named[]>('tenant.list', {});
  const tenantIds = new Set(liveTenants.filter((t) => ofRun(prefix, t.name)).map((t) => t.id));
  const questionnaires = (await api.query<ListedQuestionnaire[]>('questionnaire.list', {})).filter(
    (q) => ofRun(prefix, q.name) || tenantIds.has(q.tenantId),
  );
  const counts = { delete: 0, archive: 0 };
  for (const q of questionnaires) {
    const { removal } = await api.mutation<{ removal: 'delete' | 'archive' }>('questionnaire.remove', {
      questionnaireId: q.id,
    });
    counts[removal]++;
  }
  const tenantCounts = { delete: 0, archive: 0 };
  for (const id of tenantIds) {
    const { removal } = await api.mutation<{ removal: 'delete' | 'archive' }>('tenant.remove', {
      tenantId: id,
    });
    tenantCounts[removal]++;
  }
  log(
    `Admin API: ${counts.delete} questionnaires deleted, ${counts.archive} archived (they have participants); ` +
      `${tenantCounts.delete} tenants deleted, ${tenantCounts.archive} archived.`,
  );
}

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/** Step 2: what has no deletion path in the service, straight from the database, in one transaction. */
async function removeFromDatabase(
  databaseUrl: string,
  prefix: string,
  self: string,
  log: (line: string) => void,
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const like = likePrefix(prefix);
    const ids = async (sql: string, params: unknown[]) =>
      (await client.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
    const tenants = await ids(`SELECT id FROM tenant WHERE name LIKE $1`, [like]);
    const questionnaires = await ids(
      `SELECT id FROM questionnaire WHERE name LIKE $1 OR tenant_id = ANY($2::uuid[])`,
      [like, tenants],
    );
    const keys = await ids(`SELECT id FROM api_key WHERE questionnaire_id = ANY($1::uuid[])`, [
      questionnaires,
    ]);
    // Rows keyed by an API key or a questionnaire without a foreign key (request log, usage, buckets, the
    // overview's counters), then the questionnaires with everything that cascades from them.
    for (const table of ['api_key_request', 'api_key_usage_hour'])
      await client.query(`DELETE FROM ${table} WHERE key_id = ANY($1::uuid[])`, [keys]);
    for (const table of ['rate_limit_bucket', 'idempotency_record'])
      await client.query(`DELETE FROM ${table} WHERE api_key_id = ANY($1::uuid[])`, [keys]);
    await client.query(`DELETE FROM questionnaire WHERE id = ANY($1::uuid[])`, [questionnaires]);
    for (const table of ['participant_daily_stats', 'participant_enrolment_stats', 'result_status_stats'])
      await client.query(`DELETE FROM ${table} WHERE questionnaire_id = ANY($1::uuid[])`, [questionnaires]);
    await client.query(`DELETE FROM tenant WHERE id = ANY($1::uuid[])`, [tenants]);
    const admins = await ids(
      `SELECT id FROM admin_user WHERE lower(email) LIKE lower($1) AND lower(email) <> $2`,
      [like, self.toLowerCase()],
    );
    await client.query(`DELETE FROM admin_form_submission WHERE admin_user_id = ANY($1::uuid[])`, [admins]);
    await client.query(`DELETE FROM admin_user WHERE id = ANY($1::uuid[])`, [admins]);
    await client.query('COMMIT');
    log(
      `Database: ${questionnaires.length} questionnaires (with their participants), ${tenants.length} tenants ` +
        `and ${admins.length} Admins deleted.`,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Removes the objects of runs with `prefix`; returns what is still there (without a database: by design). */
export async function cleanUpQaObjects(options: CleanUpOptions): Promise<Leftovers> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.prefix.trim().length < 3)
    throw new Error('the prefix must have at least 3 characters, e.g. qa-');
  const request = await playwrightRequest.newContext({
    baseURL: options.baseUrl,
    storageState: options.storageState,
  });
  try {
    if (!options.storageState) {
      if (!options.admin) throw new Error('give an operator: E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD');
      await signInAdmin(request, options.admin, (ms) =>
        log(`Waiting ${Math.ceil(ms / 1000)} s for a fresh code…`),
      );
    }
    const api = new AdminCalls(request);
    const self = (await api.query<{ email: string }>('adminUser.me', {})).email;
    const found = await listOfRun(api, options.prefix, self);
    log(
      `Prefix "${options.prefix}": ${found.questionnaires.length} questionnaires, ${found.tenants.length} tenants, ` +
        `${found.admins.length} Admins (${self}, who runs this, is kept).`,
    );
    if (options.dryRun) {
      // What would go, by name: check that nothing of the deployment's own happens to carry the prefix.
      const kinds = { questionnaire: found.questionnaires, tenant: found.tenants, Admin: found.admins };
      for (const [kind, names] of Object.entries(kinds))
        for (const name of names.slice(0, 100)) log(`  ${kind}: ${name}`);
      return found;
    }
    await removeThroughApi(api, options.prefix, log);
    if (options.databaseUrl) await removeFromDatabase(options.databaseUrl, options.prefix, self, log);
    const left = await listOfRun(api, options.prefix, self);
    const count = left.questionnaires.length + left.tenants.length + left.admins.length;
    if (count > 0)
      log(
        `Left: ${left.questionnaires.length} archived questionnaires, ${left.tenants.length} archived tenants, ` +
          `${left.admins.length} Admins: the Admin API cannot delete them.`,
      );
    return left;
  } finally {
    await request.dispose();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      prefix: { type: 'string' },
      'base-url': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const baseUrl = values['base-url'] ?? process.env.BASE_URL;
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!values.prefix || !baseUrl || !email || !password) {
    console.error(
      'Usage: BASE_URL=… E2E_ADMIN_EMAIL=… E2E_ADMIN_PASSWORD=… [E2E_ADMIN_TOTP_SECRET=…] [DATABASE_URL=…] ' +
        'npx tsx scripts/qa/cleanup.ts --prefix qa- [--dry-run]',
    );
    process.exit(2);
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('DATABASE_URL must be the deployment’s PostgreSQL database (postgresql://…)');
    process.exit(2);
  }
  const left = await cleanUpQaObjects({
    baseUrl,
    prefix: values.prefix,
    admin: { email, password, totpSecret: process.env.E2E_ADMIN_TOTP_SECRET || undefined },
    databaseUrl,
    dryRun: values['dry-run'],
  });
  const count = left.questionnaires.length + left.tenants.length + left.admins.length;
  if (values['dry-run'] || count === 0) return;
  if (databaseUrl) process.exitCode = 1;
  else console.log('Run this again with the deployment’s DATABASE_URL (PostgreSQL) to delete them too.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
