// The only reader of process.env: one validated configuration object for the server, the CLI and the scripts.
// A bad value stops start-up with one line naming the variable.
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const databaseUrl = z.string().refine((v) => /^pglite:/.test(v) || /^postgres(ql)?:\/\//.test(v), {
  error: 'must be pglite:<directory>, pglite:memory:// or postgresql://…',
});

const HTTP_URL_MESSAGE = 'must be an absolute http(s) URL';
const httpUrl = z
  .string()
  .url({ error: HTTP_URL_MESSAGE })
  .refine((v) => /^https?:\/\//.test(v), { error: HTTP_URL_MESSAGE })
  .transform((v) => v.replace(/\/+$/, ''));

const TIMEOUT_MESSAGE = 'must be a whole number of milliseconds from 1000 to 600000';
const timeoutMs = (fallback: number) =>
  z.coerce
    .number({ error: TIMEOUT_MESSAGE })
    .int({ error: TIMEOUT_MESSAGE })
    .min(1000, { error: TIMEOUT_MESSAGE })
    .max(600_000, { error: TIMEOUT_MESSAGE })
    .default(fallback);

/** A whole number in [min, max], with one message naming the range for every way a value can be wrong. */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);
};

const PORT_MESSAGE = 'must be a port number from 1 to 65535';

/** A secret or a password of at least `min` characters. */
const atLeastCharacters = (min: number) =>
  z.string().min(min, { error: `must be at least ${min} characters` });

/** A comma-separated list (blanks around and between the commas ignored), each item checked by `item`. */
const commaSeparated = (item: z.ZodString) =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: databaseUrl.default('pglite:./data/pglite'),
  /**
   * A direct PostgreSQL connection (not through a transaction-mode pooler such as PgBouncer, where LISTEN does
   * not work) for the webhook dispatcher's wake listener. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), {
      error: 'must be a postgresql://… URL',
    })
    .optional(),
  /** Connections per instance when DATABASE_URL is PostgreSQL. */
  DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int({ error: PORT_MESSAGE })
    .min(1, { error: PORT_MESSAGE })
    .max(65535, { error: PORT_MESSAGE })
    .default(3000),
  PUBLIC_BASE_URL: httpUrl.optional(),
  REGION: z.enum(['us', 'uk'], { error: 'must be us or uk' }).default('us'),
  /** The other region's public base URL, listed as a server in the OpenAPI document. */
  US_BASE_URL: httpUrl.optional(),
  UK_BASE_URL: httpUrl.optional(),
  NEXTAUTH_SECRET: atLeastCharacters(32).optional(),
  ADMIN_EMAIL: z.string().email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: atLeastCharacters(12).optional(),
  INTERNAL_API_TOKEN: atLeastCharacters(24).optional(),
  CRON_SECRET: atLeastCharacters(24).optional(),
  METRICS_TOKEN: atLeastCharacters(24).optional(),
  /**
   * Earlier app secrets, comma-separated: they still open what they sealed (webhook secrets, Admin sessions)
   * while the current one (NEXTAUTH_SECRET) seals everything new.
   */
  APP_SECRETS_PREVIOUS: commaSeparated(
    z.string().min(32, { error: 'must list secrets of at least 32 characters each' }),
  ).optional(),
  /**
   * When NEXTAUTH_SECRET last changed (ISO 8601 with a zone): a session signed with one of
   * APP_SECRETS_PREVIOUS is accepted only if it was signed in before this moment. Unset: none is accepted.
   */
  APP_SECRET_ROTATED_AT: z.iso
    .datetime({
      offset: true,
      error: 'must be a date and time in ISO 8601 with a zone, such as 2026-11-25T17:00:00Z',
    })
    .transform((v) => new Date(v))
    .optional(),
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.default(false),
  WEBHOOK_SCHEDULER: booleanFlag.optional(),
  /**
   * Sends in flight to one webhook endpoint at most, over every instance together (the claim counts the live
   * leases): one endpoint's backlog or hang never takes more than these slots (docs/webhooks.md).
   */
  WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: wholeNumber(1, 1_000, 4),
  /** Failed attempts in a row (timeouts, connection errors, 5xx) after which an endpoint counts as failing. */
  WEBHOOK_BREAKER_FAILURES: wholeNumber(1, 1_000, 5),
  /** An endpoint whose every attempt failed for this many days is disabled (Svix style). */
  WEBHOOK_DISABLE_AFTER_DAYS: wholeNumber(1, 3650, 5),
  /** Requests per minute an API key may make when its own limit is not set (token bucket, burst = limit). */
  API_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 600),
  /**
   * Requests per minute with an API key that is not a live key, per client address and instance (token bucket,
   * burst = limit); over it: 429 without a database lookup.
   */
  API_UNKNOWN_KEY_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 60),
  /**
   * Live (not deleted, not expired) API keys a questionnaire may hold at once, from every door: each key has
   * its own rate limit, so unbounded keys would multiply a questionnaire's rate.
   */
  API_KEYS_PER_QUESTIONNAIRE_MAX: wholeNumber(1, 100_000, 100),
  /** Node's HTTP server cuts off a client that has not sent its headers / its whole request by then (408). */
  HTTP_HEADERS_TIMEOUT_MS: timeoutMs(20_000),
  HTTP_REQUEST_TIMEOUT_MS: timeoutMs(60_000),
  /** Behind a reverse proxy that sets X-Forwarded-For: the first hop is the client's address (audit log). */
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * Hours a password someone else saw (an invitation's, the first start's, the CLI's) keeps signing in before
   * the Admin has chosen their own: 168 (7 days).
   */
  ADMIN_INVITATION_EXPIRY_HOURS: wholeNumber(1, 8_760, 168),
  /** Admins who sign in with a password must enrol a second factor (TOTP) before anything else. */
  ADMIN_REQUIRE_2FA: booleanFlag.default(false),
  /** Single sign-on through an OpenID Connect provider: all three or none. */
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The provider's name on the sign-in button ("Sign in with …"). */
  OIDC_DISPLAY_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60, { error: 'must be at most 60 characters' })
    .default('SSO'),
  /** false turns password sign-in off; only allowed while single sign-on is configured. */
  ADMIN_PASSWORD_SIGN_IN: booleanFlag.default(true),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error'], { error: 'must be debug, info, warn or error' })
    .default('info'),
  /** Retention (docs/data-lifecycle.md): ended webhook deliveries, their payloads and attempts. */
  WEBHOOK_DELIVERY_RETENTION_DAYS: wholeNumber(1, 3650, 30),
  /** Idempotency records, from their creation (never before they expire, 24 hours after it). */
  IDEMPOTENCY_RETENTION_HOURS: wholeNumber(24, 87_600, 24),
  /** Rate-limit buckets of keys idle that long. */
  RATE_LIMIT_BUCKET_IDLE_HOURS: wholeNumber(1, 87_600, 24),
  /** The uploaded rows of finished CSV imports (the import's summary stays). */
  IMPORT_ROW_RETENTION_DAYS: wholeNumber(1, 3650, 30),
  /** Admin form submission ids (double-submit guard). */
  FORM_SUBMISSION_RETENTION_HOURS: wholeNumber(1, 87_600, 24),
  /** Each API key's request log and hourly usage (the Admin app's API keys page). */
  API_KEY_REQUEST_LOG_RETENTION_DAYS: wholeNumber(1, 90, 7),
  /** The audit log, trimmed by whole months once wholly past this age. */
  AUDIT_LOG_RETENTION_DAYS: wholeNumber(1, 36_500, 400),
  /** Minutes between two pruning runs inside the server (one instance at a time); 0: none (run data:prune). */
  DATA_PRUNE_INTERVAL_MINUTES: wholeNumber(0, 10_080, 60),
  /**
   * OpenTelemetry traces go to this OTLP/HTTP collector (…/v1/traces is appended), or to
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given. Neither set: tracing is off.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('participant-assessment-integration-service'),
  /** How long start-up waits for PostgreSQL to answer before it stops with one line saying so. */
  DATABASE_CONNECT_TIMEOUT_MS: timeoutMs(10_000),
  /** After SIGTERM/SIGINT: how long requests in flight and background work may take before the process exits. */
  SHUTDOWN_GRACE_MS: timeoutMs(25_000),
  /**
   * After SIGTERM/SIGINT: how long the server still accepts connections (answering with Connection: close)
   * while /api/ready answers 503, so that a load balancer sees the 503 before connections are refused.
   */
  SHUTDOWN_NOT_READY_MS: wholeNumber(0, 60_000, 2_000),
  /**
   * A REST request's database work must finish within this many milliseconds of its arrival: past it, the
   * work rolls back and the request is answered 503 with Retry-After.
   */
  REQUEST_DEADLINE_MS: timeoutMs(10_000),
  /** On PostgreSQL, one statement of a REST request is cancelled after this long (lock waits included). */
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutMs(5_000),
  /** `npm start` does not apply pending migrations (they run once, as a release step, before the instances). */
  SKIP_MIGRATIONS: booleanFlag.default(false),
  /**
   * Migrations a newer release applied that `npm start` may run beside, comma-separated: rolling back on
   * purpose onto a database that is ahead of this release. Start-up stops on any other unknown migration.
   */
  ACCEPT_NEWER_MIGRATIONS: commaSeparated(
    z.string().regex(/^\d{14}_\w+$/, {
      error:
        'must list migration names (folders of prisma/migrations, such as 20261125170000_history_partitions), comma-separated',
    }),
  ).optional(),
  /**
   * `npm start` answers /questionnaire/v1/… through its fast REST door (server/doors/rest/fast-door.ts); false sends
   * every request through Next.js (the App Router route, as a host running only `next start` serves it).
   */
  REST_FAST_DOOR: booleanFlag.default(true),
});

/** Every variable the service reads (docs/configuration.md lists each one; server/platform/env-readme.test.ts checks). */
export const ENV_VARIABLES = Object.keys(schema.shape);

export type Env = z.infer<typeof schema> & { PUBLIC_BASE_URL: string; WEBHOOK_SCHEDULER: boolean };

/** Parses a set of variables; throws an Error whose message is one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'configuration');
    throw new Error(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const env = result.data;
  const oidcParts = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcParts !== 0 && oidcParts !== 3) {
    throw new Error(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  if (!env.ADMIN_PASSWORD_SIGN_IN && oidcParts === 0) {
    throw new Error(
      'Invalid configuration: ADMIN_PASSWORD_SIGN_IN can be false only while single sign-on (OIDC_ISSUER) is set',
    );
  }
  return {
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
    // The webhook dispatcher runs in every instance by default, on both databases; false is for hosts that
    // allow no background work (then the cron route sends).
    WEBHOOK_SCHEDULER: env.WEBHOOK_SCHEDULER ?? true,
  };
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export const env: Env = loadEnv();

export const isEmbeddedDatabase = (url: string = env.DATABASE_URL) => url.startsWith('pglite:');
