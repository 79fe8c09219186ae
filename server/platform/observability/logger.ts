// The server's one logger: JSON lines on stdout (pino), filtered by LOG_LEVEL. Every line written while a
// request is handled carries its request id, route and API key id. Fields that commonly hold credentials or
// personal data are censored before writing, as a second line of defence: callers log ids and codes only.
import pino, { type DestinationStream } from 'pino';
import { env, type Env } from '@/server/platform/env';
import { processSingleton } from '@/server/platform/process-registry';
import { currentRequestContext } from './request-context';

/** Field paths censored wherever they appear in a log object (one or two levels deep). */
const REDACTED_FIELDS = [
  'authorization',
  'password',
  'token',
  'secret',
  'apiKey',
  'api_key',
  'email',
  'phone_number1',
  'phone_number2',
  'headers.authorization',
  '*.authorization',
  '*.password',
  '*.token',
  '*.secret',
  '*.apiKey',
  '*.api_key',
  '*.email',
  '*.phone_number1',
  '*.phone_number2',
];

export type LogSink = (line: string) => void;
const writeToStdout: LogSink = (line) => process.stdout.write(line);

// One per process, so that a test's sink receives the lines of every module copy.
const sink = processSingleton('logSink', () => ({ value: writeToStdout }));

const destination: DestinationStream = { write: (line) => sink.value(line) };

/** A logger writing lines of `level` and above (the server's one uses LOG_LEVEL). */
export function createLogger(level: Env['LOG_LEVEL'] = env.LOG_LEVEL): pino.Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_FIELDS, censor: '[redacted]' },
      mixin() {
        const context = currentRequestContext();
        return context ? { requestId: context.requestId, route: context.route, keyId: context.keyId } : {};
      },
    },
    destination,
  );
}

export const logger: pino.Logger = processSingleton('logger', () => createLogger());

/**
 * Sends every log line to `to` instead of stdout until the returned function is called (tests; `npm start`'s
 * stdout, json-stdout.ts).
 */
export function redirectLogs(to: LogSink): () => void {
  sink.value = to;
  return () => {
    sink.value = writeToStdout;
  };
}

/** A logged error message is cut here: enough to say what failed, not a dump of what it was given. */
const MESSAGE_LIMIT = 500;

/**
 * What is logged about an unexpected failure: its name, code and message (what failed, e.g. the statement's
 * error behind a P2010), and its stack at LOG_LEVEL=debug. Messages name columns and constraints, not values
 * (PostgreSQL puts those in `detail`, never logged); the redaction above still applies.
 */
export function failureFields(error: unknown): {
  error: string;
  code?: string;
  message?: string;
  stack?: string;
} {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  const outer = error instanceof Error ? error.message : undefined;
  const inner = cause instanceof Error ? cause.message : undefined;
  const message = [outer, inner !== outer ? inner : undefined]
    .filter(Boolean)
    .join(': ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MESSAGE_LIMIT);
  const stack = (cause instanceof Error ? cause : error instanceof Error ? error : undefined)?.stack;
  return {
    error: (cause as Error | undefined)?.name ?? typeof cause,
    // Only a plain code (a Prisma "P2002", a PostgreSQL "23505"); anything else could carry data.
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    ...(message ? { message } : {}),
    ...(stack && logger.isLevelEnabled('debug') ? { stack } : {}),
  };
}
