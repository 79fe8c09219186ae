// The operator CLI as an operator runs it, for the CLI tests: a child process against a database of its own,
// deployed the way the product deploys its schema (the migrator, server/platform/db/migrations/migrator.ts).
// - The command: `node <bundle>/cli.mjs …`, the scripts bundled once per run as the container image bundles
//   them (scripts/cli/test-bundle.ts), else (no bundle: a run without the globalSetup) `tsx scripts/cli.ts …`,
//   as `npm run cli` runs it; `source: true` runs that one in any case.
// - The database: on the embedded database a data directory (a copy of the one deployed once per run, or
//   deployed here), on PostgreSQL a new database on TEST_DATABASE_URL's server (copied from the deployed
//   template database, or deployed here), dropped by close().
import { type ChildProcess, execFile, spawn, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { createServerDatabase } from '@/server/test/database';
import { deployedPgliteTemplate, deployedPostgresTemplate } from '@/server/test/database-templates';
import { bundledScript } from './test-bundle';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliDatabase {
  kind: 'pglite' | 'postgresql';
  /** The DATABASE_URL the commands run with. */
  url: string;
  /** A temporary folder of the test file's own (its files; on the embedded database its data directory). */
  dir: string;
  /** The embedded database's data directory. */
  dataDir?: string;
  /** The environment every command runs with (DATABASE_URL, NODE_ENV, on PostgreSQL NEXTAUTH_SECRET). */
  env: Record<string, string>;
  /** The app secret the commands seal secrets with. */
  appSecret: () => string;
  close: () => Promise<void>;
}

/**
 * A database for the CLI: deployed, or with `schema: false` without any schema yet (on the embedded database a
 * data directory that does not exist yet; on PostgreSQL an empty database).
 */
export async function createCliDatabase(
  kind: 'pglite' | 'postgresql',
  { schema = true }: { schema?: boolean } = {},
): Promise<CliDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pais-cli-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const dataDir = path.join(dir, 'pglite');
    const url = `pglite:${dataDir}`;
    const template = deployedPgliteTemplate();
    if (schema && template) fs.cpSync(template, dataDir, { recursive: true });
    else if (schema) await deployMigrations(url);
    return {
      kind,
      url,
      dir,
      dataDir,
      env: { DATABASE_URL: url, NODE_ENV: 'production' },
      // Without NEXTAUTH_SECRET the embedded mode makes one on first use, next to its data directory.
      appSecret: () => fs.readFileSync(path.join(dir, 'app-secret'), 'utf8').trim(),
      close: () => Promise.resolve(removeDir()),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = schema ? deployedPostgresTemplate() : undefined;
  const { url, drop } = await createServerDatabase(serverUrl, 'pais_cli', template);
  if (schema && !template) await deployMigrations(url);
  // Deployments on PostgreSQL set the app secret (every instance the same).
  const secret = randomBytes(32).toString('base64url');
  return {
    kind,
    url,
    dir,
    env: { DATABASE_URL: url, NODE_ENV: 'production', NEXTAUTH_SECRET: secret },
    appSecret: () => secret,
    close: async () => {
      removeDir();
      await drop();
    },
  };
}

export interface RunOptions {
  /** More environment variables (or other values) for this command. */
  env?: Record<string, string>;
  /** Which script: the CLI by default, or the server's start-up (`start`). */
  script?: 'cli' | 'start';
  /** Runs the source with tsx, as `npm run cli` does, even when the bundle exists. */
  source?: boolean;
}

const TSX = path.resolve('node_modules/.bin/tsx');

/** The command line of an operator script: its bundle when there is one, else its source with tsx. */
export function scriptCommand(
  script: 'cli' | 'start' | 'migrate',
  args: string[],
  { source = false }: { source?: boolean } = {},
): [string, string[]] {
  const bundle = source ? undefined : bundledScript(script);
  return bundle ? [process.execPath, [bundle, ...args]] : [TSX, [`scripts/${script}.ts`, ...args]];
}

const command = (args: string[], options: RunOptions): [string, string[]] =>
  scriptCommand(options.script ?? 'cli', args, options);

const environment = (database: CliDatabase, options: RunOptions): NodeJS.ProcessEnv => ({
  ...process.env,
  ...database.env,
  ...options.env,
});

/** Runs a command to its end: its exit code and what it printed. */
export async function runCli(
  database: CliDatabase,
  args: string[],
  options: RunOptions = {},
): Promise<CliResult> {
  const [file, fileArgs] = command(args, options);
  try {
    const { stdout, stderr } = await promisify(execFile)(file, fileArgs, {
      env: environment(database, options),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * Runs a command with --json and reads the one JSON object it printed, after checking that it succeeded
 * without a word on stderr and printed exactly one line.
 */
export async function runCliJson<T = Record<string, unknown>>(
  database: CliDatabase,
  args: string[],
  options: RunOptions = {},
): Promise<T> {
  const result = await runCli(database, [...args, '--json'], options);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as T;
}

/** Starts a command without waiting for it (a test that kills it). */
export function spawnCli(
  database: CliDatabase,
  args: string[],
  options: RunOptions & Omit<SpawnOptions, 'env'> = {},
): ChildProcess {
  const { env: _env, script: _script, source: _source, ...spawnOptions } = options;
  const [file, fileArgs] = command(args, options);
  return spawn(file, fileArgs, { ...spawnOptions, env: environment(database, options) });
}
