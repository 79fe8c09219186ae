// What every operator CLI command shares: opening the database, printing one JSON object (--json) or
// human-readable text, and turning failures into a clear line and an exit code.
import { type Command, InvalidArgumentError } from 'commander';
import { env } from '@/server/platform/env';
import { createDatabase } from '@/server/platform/db/client';
import type { PrismaClient } from '@/server/generated/prisma/client.ts';
import { EmbeddedDatabaseBusyError } from '@/server/platform/db/embedded-lock';
import { AppError } from '@/server/platform/lib/errors';
import { isUuid } from '@/server/platform/lib/ids';

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CommandResult {
  /** Printed as one JSON object with --json. */
  json: Record<string, unknown>;
  /** Printed otherwise. */
  text: string;
}

/** Adds --json and runs the command's work against the database with uniform output and errors. */
export function databaseCommand<Options extends Record<string, unknown>>(
  command: Command,
  work: (db: PrismaClient, options: Options) => Promise<CommandResult>,
): Command {
  return command
    .option('--json', 'print one JSON object on stdout', false)
    .action(async (options: Options & { json: boolean }) => {
      let database: ReturnType<typeof createDatabase> | undefined;
      try {
        database = createDatabase(env.DATABASE_URL, 2);
        const result = await work(database.prisma, options);
        process.stdout.write(options.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
      } catch (error) {
        process.exitCode = reportFailure(error);
      } finally {
        await database?.close().catch(() => undefined);
      }
    });
}

function reportFailure(error: unknown): number {
  if (error instanceof EmbeddedDatabaseBusyError) {
    console.error(`error: ${error.message}`);
    return EXIT_FAILURE;
  }
  if (error instanceof AppError) {
    console.error(`error: ${error.message}`);
    return error.kind === 'BAD_REQUEST' ? EXIT_USAGE : EXIT_FAILURE;
  }
  const prismaCode = (error as { code?: unknown }).code;
  if (prismaCode === 'P2021' || (prismaCode === 'P2010' && isUndefinedTable(error))) {
    console.error(
      'error: the database has no schema yet: run `npm run db:deploy` (or start the server once) first.',
    );
  } else if (typeof prismaCode === 'string' && /^P\d{4}$/.test(prismaCode)) {
    // Prisma's own messages quote source code; one line is enough here.
    console.error(`error: database request failed (${prismaCode}): ${lastLine((error as Error).message)}`);
  } else {
    console.error(`error: ${(error as Error).message}`);
  }
  return EXIT_FAILURE;
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? text;

/** A raw statement (data:prune's, the fast paths') on a table that does not exist: PostgreSQL's 42P01. */
function isUndefinedTable(error: unknown): boolean {
  const meta = (error as { meta?: { code?: unknown } }).meta;
  return meta?.code === '42P01' || /\b42P01\b/.test((error as Error).message);
}

/** commander argument parser for a UUID option. */
export function uuidArgument(value: string): string {
  if (!isUuid(value)) throw new InvalidArgumentError('must be a UUID.');
  return value.toLowerCase();
}

/** commander argument parser for a non-empty text option. */
export function textArgument(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new InvalidArgumentError('must not be empty.');
  if (trimmed.length > 200) throw new InvalidArgumentError('must be at most 200 characters.');
  return trimmed;
}
