// The questionnaire's webhook as Admins configure it, for the Admin pages, the CLI and the tests: one webhook
// per questionnaire, its URL, the customer's own authentication (static header or OAuth2 client credentials),
// its Standard Webhooks signing secret (reveal, rotate) and whether it is on. Secrets are stored encrypted and
// shown only on request. Every change writes its audit entry in its own transaction. What was sent is in
// delivery-log.ts; sending again in replay.ts and test-event.ts.
import { endpointStateOf, resetEndpointHealth } from '@/server/webhooks/endpoint-health';
import { z } from 'zod';
import type { Db } from '@/server/platform/db/client';
import type { WebhookEndpoint, Prisma } from '@/server/generated/prisma/client.ts';
import { inTransaction } from '@/server/platform/db/transaction';
import { AppError } from '@/server/platform/lib/errors';
import { atMostCharactersMessage } from '@/server/platform/lib/field-messages';
import { QUESTIONNAIRE_MESSAGES } from '@/server/questionnaires/messages';
import { countResultsChangedSince, requeueResultsChangedSince } from '@/server/results/results';
import { recordAudit, type AuditAction, type AuditActor } from '@/server/audit/audit-log';
import { toRfc3339Utc } from '@/server/platform/lib/time';
import { generateSigningSecret } from '@/server/webhooks/signing';
import {
  parseWebhookUrl,
  refuseFragment,
  resolveWebhookTarget,
  UnsafeUrlError,
} from '@/server/webhooks/ssrf-guard';
import { defaultWebhookSettings, type WebhookSettings } from '@/server/webhooks/settings';
import { WEBHOOK_MESSAGES } from '@/server/webhooks/messages';
import { DEFAULT_SECRET_OVERLAP_HOURS, MAX_SECRET_OVERLAP_HOURS } from '@/server/webhooks/secret-overlap';
import { lockQuestionnaire } from '@/server/questionnaires/questionnaires';
import {
  assertWebhookUnchanged,
  changedWebhookColumns,
  webhookEditVersion,
} from '@/server/webhooks/webhook-edits';

const HOUR_MS = 60 * 60 * 1000;

// Headers the service sets itself; a customer header must not replace them. The connection's own headers
// among them (keep-alive, upgrade, expect too) are also ones the HTTP client (undici) refuses to send.
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'host',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);
const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const URL_REQUIRED = 'Enter the webhook URL';

/** Form fields send "" for "nothing typed": that counts as absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: atMostCharactersMessage(max) })
    .optional()
    .transform((v) => v || undefined);
/** Secret values are kept byte for byte (no trimming); absent on an update means "keep the stored one". */
const optionalSecret = (max: number) =>
  z
    .string()
    .max(max, { error: atMostCharactersMessage(max) })
    .optional()
    .transform((v) => v || undefined);

/** The longest webhook URL, on every door. */
export const WEBHOOK_URL_MAX = 2_000;

/** The webhook URL's form; the SSRF rules (assertSafeUrl) follow when it is saved, and again at each send. */
const webhookUrlSchema = z
  .string({ error: URL_REQUIRED })
  .trim()
  .min(1, { error: URL_REQUIRED })
  .max(WEBHOOK_URL_MAX, { error: atMostCharactersMessage(WEBHOOK_URL_MAX) });

/**
 * The webhook settings, flat so that each field's message lands next to its form control. Used by the
 * Admin form, the tRPC procedure, the CLI and the service.
 */
export const webhookConfigSchema = z
  .object({
    url: webhookUrlSchema,
    authType: z.enum(['none', 'header', 'oauth2'], { error: 'Choose an authentication' }).default('none'),
    headerName: optionalText(100),
    headerValue: optionalSecret(4_000),
    tokenUrl: optionalText(2_000),
    clientId: optionalText(500),
    clientSecret: optionalSecret(4_000),
    audience: optionalText(2_000),
    scope: optionalText(2_000),
  })
  .superRefine((v, ctx) => {
    const require = (field: keyof typeof v, message: string) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (v.authType === 'header') {
      require('headerName', 'Enter the header name');
      if (v.headerName && !HEADER_TOKEN.test(v.headerName)) {
        ctx.addIssue({
          code: 'custom',
          path: ['headerName'],
          message: 'Use only letters, digits and - _ . ! # $ % & * + ^ ` | ~',
        });
      } else if (v.headerName && RESERVED_HEADERS.has(v.headerName.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['headerName'],
          message: 'The service sets this header itself; choose another name',
        });
      }
      if (v.headerValue && /[\r\n\0]/.test(v.headerValue)) {
        ctx.addIssue({ code: 'custom', path: ['headerValue'], message: 'The value must be a single line' });
      }
    }
    if (v.authType === 'oauth2') {
      require('tokenUrl', 'Enter the token URL');
      require('clientId', 'Enter the client ID');
    }
  });
export type WebhookConfigInput = z.input<typeof webhookConfigSchema>;

/** A webhook as shown to Admins: never a secret, only whether one is set. */
export interface WebhookView {
  id: string;
  questionnaireId: string;
  url: string;
  active: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  /** The delivery health (server/webhooks/endpoint-health.ts): healthy, failing since … with the last error, or disabled. */
  health:
    | { state: 'healthy' }
    | { state: 'failing'; since: string; lastError: string | null; consecutiveFailures: number }
    | { state: 'disabled'; since: string | null; reason: string | null };
  auth:
    | { type: 'none' }
    | { type: 'header'; name: string; hasValue: boolean }
    | {
        type: 'oauth2';
        tokenUrl: string;
        clientId: string;
        hasClientSecret: boolean;
        audience: string | null;
        scope: string | null;
      };
  /** While the secret before the last rotation still signs. */
  previousSecretExpiresAt: string | null;
  /** URL and authentication as the settings form opens them (server/webhooks/webhook-edits.ts). */
  editVersion: string;
  createdAt: string;
  updatedAt: string;
}

export function toWebhookView(webhook: WebhookEndpoint, now = new Date()): WebhookView {
  const auth: WebhookView['auth'] =
    webhook.authType === 'header'
      ? { type: 'header', name: webhook.authHeaderName ?? '', hasValue: !!webhook.authHeaderValueEncrypted }
      : webhook.authType === 'oauth2'
        ? {
            type: 'oauth2',
            tokenUrl: webhook.oauthTokenUrl ?? '',
            clientId: webhook.oauthClientId ?? '',
            hasClientSecret: !!webhook.oauthClientSecretEncrypted,
            audience: webhook.oauthAudience,
            scope: webhook.oauthScope,
          }
        : { type: 'none' };
  const graceActive = webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now;
  return {
    id: webhook.id,
    questionnaireId: webhook.questionnaireId,
    url: webhook.url,
    active: webhook.active,
    disabledAt: webhook.disabledAt ? toRfc3339Utc(webhook.disabledAt) : null,
    disabledReason: webhook.disabledReason,
    health: healthView(webhook),
    auth,
    previousSecretExpiresAt: graceActive ? toRfc3339Utc(webhook.previousSecretExpiresAt!) : null,
    editVersion: webhookEditVersion(webhook),
    createdAt: toRfc3339Utc(webhook.createdAt),
    updatedAt: toRfc3339Utc(webhook.updatedAt),
  };
}

function healthView(webhook: WebhookEndpoint): WebhookView['health'] {
  const health = endpointStateOf(webhook);
  if (health.state === 'healthy') return health;
  if (health.state === 'failing') return { ...health, since: toRfc3339Utc(health.since) };
  return { ...health, since: health.since ? toRfc3339Utc(health.since) : null };
}

/** Writes the audit entry of a change to the webhook (or of a send it asked for); no actor: the system. */
export async function recordWebhookAudit(
  db: Db,
  actor: AuditActor | undefined,
  action: AuditAction,
  webhook: { id: string; questionnaireId: string },
  details: Prisma.InputJsonObject = {},
): Promise<void> {
  await recordAudit(db, {
    actor: actor ?? { type: 'system' },
    action,
    targetType: 'webhook',
    targetId: webhook.id,
    questionnaireId: webhook.questionnaireId,
    details,
  });
}

/**
 * Refuses a URL the dispatcher would refuse (checked again, with fresh DNS, at every send). Refusals name the
 * form field in `details.field`, so the Admin door can show them next to it.
 */
async function assertSafeUrl(
  url: string,
  field: 'url' | 'tokenUrl',
  settings: WebhookSettings,
): Promise<void> {
  try {
    parseWebhookUrl(url, settings);
    refuseFragment(url);
    await resolveWebhookTarget(url, settings);
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    const message = field === 'tokenUrl' ? `Token URL: ${error.message}` : error.message;
    throw new AppError('BAD_REQUEST', message, { field });
  }
}

export function findWebhook(db: Db, questionnaireId: string): Promise<WebhookEndpoint | null> {
  return db.webhookEndpoint.findFirst({
    where: { questionnaireId, archivedAt: null },
    orderBy: { createdAt: 'asc' },
  });
}

export const NO_WEBHOOK = 'This questionnaire has no webhook yet';

/**
 * The questionnaire's current endpoint; with `webhookId`, only if it is that one (a caller that named an
 * endpoint, checked before as the questionnaire's, must not act on another that replaced it since).
 */
export async function requireWebhook(
  db: Db,
  questionnaireId: string,
  webhookId?: string,
): Promise<WebhookEndpoint> {
  const webhook = await findWebhook(db, questionnaireId);
  if (!webhook) throw new AppError('NOT_FOUND', NO_WEBHOOK);
  if (webhookId !== undefined && webhook.id !== webhookId)
    throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  return webhook;
}

export interface ConfiguredWebhook {
  webhook: WebhookView;
  /** The signing secret, only when the webhook was just created. */
  secret: string | null;
}

/**
 * Creates the questionnaire's webhook, or updates its URL and authentication. Secret values left out of an
 * update are kept. A new webhook gets a fresh signing secret, returned once here (and revealable later).
 * With the form's `editVersion` (null: it showed no webhook), a save from a form opened before someone
 * else's change is refused (webhook-edits.ts). An update that changes nothing writes nothing.
 */
export async function configureWebhook(
  db: Db,
  questionnaireId: string,
  rawInput: WebhookConfigInput,
  options: {
    actor?: AuditActor;
    settings?: WebhookSettings;
    /** Refuse (409) when the questionnaire has an endpoint already, instead of updating it. */
    createOnly?: boolean;
    /** More work that must commit or fail with a new endpoint (a REST answer stored for replays). */
    alsoOnCreate?: (tx: Db, webhook: WebhookEndpoint) => Promise<void>;
    /** The Admin form's edit version (null: it showed no webhook): see webhook-edits.ts. */
    editVersion?: string | null;
  } = {},
): Promise<ConfiguredWebhook> {
  const parsed = webhookConfigSchema.safeParse(rawInput);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_REQUEST', issue?.message ?? 'Invalid webhook settings', {
      field: issue?.path[0],
    });
  }
  const input = parsed.data;
  const settings = options.settings ?? defaultWebhookSettings();
  const questionnaire = await db.questionnaire.findUnique({
    where: { id: questionnaireId },
    select: { id: true },
  });
  if (!questionnaire) throw new AppError('NOT_FOUND', QUESTIONNAIRE_MESSAGES.questionnaireNotFound);
  await assertSafeUrl(input.url, 'url', settings);
  if (input.authType === 'oauth2' && input.tokenUrl)
    await assertSafeUrl(input.tokenUrl, 'tokenUrl', settings);

  return inTransaction(db, async (tx) => {
    // Two saves of the questionnaire's endpoint (two Admin tabs, a create by API) run one after the other:
    // each sees whether the other created one, and what it changed.
    await lockQuestionnaire(tx, questionnaireId);
    const existing = await findWebhook(tx, questionnaireId);
    if (options.createOnly && existing) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointExists);
    const auth = authColumns(input, existing, settings);
    assertWebhookUnchanged(existing, options.editVersion, { url: input.url, ...auth });
    if (existing) {
      const fields = changedWebhookColumns(existing, { url: input.url, ...auth });
      const sendsToUrl = existing.deliveryMode === SENDS_TO_URL.deliveryMode && !existing.listenSessionId;
      if (fields.length === 0 && sendsToUrl) return { webhook: toWebhookView(existing), secret: null };
      await forgetHealthOfOldUrl(tx, existing, input.url);
      const webhook = await tx.webhookEndpoint.update({
        where: { id: existing.id },
        data: { url: input.url, ...auth, ...SENDS_TO_URL },
      });
      await recordWebhookAudit(tx, options.actor, 'webhook.update', webhook, {
        fields,
        url: webhook.url,
        authType: webhook.authType,
      });
      return { webhook: toWebhookView(webhook), secret: null };
    }
    const secret = generateSigningSecret();
    const webhook = await tx.webhookEndpoint.create({
      data: { questionnaireId, url: input.url, secretEncrypted: settings.secretBox.encrypt(secret), ...auth },
    });
    await recordWebhookAudit(tx, options.actor, 'webhook.create', webhook, {
      url: webhook.url,
      authType: webhook.authType,
    });
    await options.alsoOnCreate?.(tx, webhook);
    return { webhook: toWebhookView(webhook), secret };
  });
}

/**
 * Saving a URL makes the endpoint send to it: a `pais listen` endpoint (listen-session.ts) becomes an ordinary
 * one, its session ends, and the dispatcher sends what it still holds.
 */
const SENDS_TO_URL = { deliveryMode: 'http', listenSessionId: null } as const;

/**
 * A new URL is a new receiver: the failures of the old one (the breaker, its probe back-off) no longer say
 * anything, so they are forgotten and the new URL is tried at the cap at once. Whether the endpoint is
 * enabled is left as it was (recovery or an Admin enables it).
 */
async function forgetHealthOfOldUrl(tx: Db, webhook: WebhookEndpoint, url: string): Promise<void> {
  if (webhook.url !== url) await resetEndpointHealth(tx, webhook.id);
}

/**
 * Changes only the URL of the questionnaire's endpoint `webhookId` (its authentication and secrets stay), with
 * the rules of the Admin form: the same checks and the same SSRF guard.
 */
export async function changeWebhookUrl(
  db: Db,
  questionnaireId: string,
  webhookId: string,
  rawUrl: string,
  options: { actor?: AuditActor; settings?: WebhookSettings } = {},
): Promise<WebhookEndpoint> {
  const parsed = webhookUrlSchema.safeParse(rawUrl);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid URL', { field: 'url' });
  const url = parsed.data;
  await assertSafeUrl(url, 'url', options.settings ?? defaultWebhookSettings());
  return inTransaction(db, async (tx) => {
    const existing = await requireWebhook(tx, questionnaireId, webhookId);
    await forgetHealthOfOldUrl(tx, existing, url);
    const webhook = await tx.webhookEndpoint.update({
      where: { id: existing.id },
      data: { url, ...SENDS_TO_URL },
    });
    await recordWebhookAudit(tx, options.actor, 'webhook.update', webhook, {
      url: webhook.url,
      ...(existing.url !== url ? { previousUrl: existing.url } : {}),
    });
    return webhook;
  });
}

interface AuthColumns {
  authType: 'none' | 'header' | 'oauth2';
  authHeaderName: string | null;
  authHeaderValueEncrypted: string | null;
  oauthTokenUrl: string | null;
  oauthClientId: string | null;
  oauthClientSecretEncrypted: string | null;
  oauthAudience: string | null;
  oauthScope: string | null;
}

function authColumns(
  input: z.output<typeof webhookConfigSchema>,
  existing: WebhookEndpoint | null,
  settings: WebhookSettings,
): AuthColumns {
  const none: AuthColumns = {
    authType: 'none',
    authHeaderName: null,
    authHeaderValueEncrypted: null,
    oauthTokenUrl: null,
    oauthClientId: null,
    oauthClientSecretEncrypted: null,
    oauthAudience: null,
    oauthScope: null,
  };
  if (input.authType === 'header') {
    const kept = existing?.authType === 'header' ? existing.authHeaderValueEncrypted : null;
    const value = input.headerValue !== undefined ? settings.secretBox.encrypt(input.headerValue) : kept;
    if (!value) throw new AppError('BAD_REQUEST', 'Enter the header value', { field: 'headerValue' });
    return {
      ...none,
      authType: 'header',
      authHeaderName: input.headerName!,
      authHeaderValueEncrypted: value,
    };
  }
  if (input.authType === 'oauth2') {
    const kept = existing?.authType === 'oauth2' ? existing.oauthClientSecretEncrypted : null;
    const secret = input.clientSecret !== undefined ? settings.secretBox.encrypt(input.clientSecret) : kept;
    if (!secret) throw new AppError('BAD_REQUEST', 'Enter the client secret', { field: 'clientSecret' });
    return {
      ...none,
      authType: 'oauth2',
      oauthTokenUrl: input.tokenUrl!,
      oauthClientId: input.clientId!,
      oauthClientSecretEncrypted: secret,
      oauthAudience: input.audience ?? null,
      oauthScope: input.scope ?? null,
    };
  }
  return none;
}

/** The current signing secret, for an Admin who asked to see it. */
export async function revealSigningSecret(
  db: Db,
  questionnaireId: string,
  options: { actor?: AuditActor; settings?: WebhookSettings } = {},
): Promise<string> {
  const webhook = await requireWebhook(db, questionnaireId);
  await recordWebhookAudit(db, options.actor, 'webhook.secret.reveal', webhook);
  return (options.settings ?? defaultWebhookSettings()).secretBox.decrypt(webhook.secretEncrypted);
}

/**
 * Replaces the signing secret. For the overlap (24 hours unless `overlapHours` says otherwise; 0: none)
 * deliveries carry a signature with the old secret too, so the customer can switch their verifier without
 * losing a delivery. Only the secret just replaced keeps signing: one still in its overlap from an earlier
 * rotation stops. Returns the new secret (the one time it is shown, unless an Admin reveals it) and when the
 * old one stops signing (null without an overlap).
 */
export async function rotateSigningSecret(
  db: Db,
  questionnaireId: string,
  options: {
    actor?: AuditActor;
    settings?: WebhookSettings;
    now?: Date;
    overlapHours?: number;
    /** Only if the current endpoint is this one. */
    webhookId?: string;
    /** More work that must commit or fail with the rotation (a REST answer stored for replays). */
    alsoInTransaction?: (tx: Db, webhookId: string) => Promise<void>;
  } = {},
): Promise<{ secret: string; previousSecretExpiresAt: string | null }> {
  const settings = options.settings ?? defaultWebhookSettings();
  const now = options.now ?? new Date();
  const overlapHours = options.overlapHours ?? DEFAULT_SECRET_OVERLAP_HOURS;
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > MAX_SECRET_OVERLAP_HOURS)
    throw new AppError(
      'BAD_REQUEST',
      `The overlap must be a whole number of hours from 0 to ${MAX_SECRET_OVERLAP_HOURS}`,
    );
  const secret = generateSigningSecret();
  const expiresAt = overlapHours > 0 ? new Date(now.getTime() + overlapHours * HOUR_MS) : null;
  await inTransaction(db, async (tx) => {
    const webhook = await requireWebhook(tx, questionnaireId, options.webhookId);
    await tx.webhookEndpoint.update({
      where: { id: webhook.id },
      data: {
        secretEncrypted: settings.secretBox.encrypt(secret),
        previousSecretEncrypted: expiresAt ? webhook.secretEncrypted : null,
        previousSecretExpiresAt: expiresAt,
      },
    });
    await recordWebhookAudit(tx, options.actor, 'webhook.secret.rotate', webhook, {
      overlapHours,
    });
    await options.alsoInTransaction?.(tx, webhook.id);
  });
  return { secret, previousSecretExpiresAt: expiresAt ? toRfc3339Utc(expiresAt) : null };
}

/**
 * Ends the overlap of the last rotation now: the previous secret stops signing (the customer's verifier has
 * switched). Nothing changes, and nothing is audited, when no previous secret is signing.
 */
export async function endSecretOverlap(
  db: Db,
  questionnaireId: string,
  options: { actor?: AuditActor; now?: Date; webhookId?: string } = {},
): Promise<WebhookEndpoint> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const webhook = await requireWebhook(tx, questionnaireId, options.webhookId);
    const overlapping = webhook.previousSecretExpiresAt !== null && webhook.previousSecretExpiresAt > now;
    if (!overlapping && webhook.previousSecretEncrypted === null) return webhook;
    const updated = await tx.webhookEndpoint.update({
      where: { id: webhook.id },
      data: { previousSecretEncrypted: null, previousSecretExpiresAt: null },
    });
    if (overlapping)
      await recordWebhookAudit(tx, options.actor, 'webhook.secret.overlap_end', webhook, {
        overlapUntil: toRfc3339Utc(webhook.previousSecretExpiresAt!),
      });
    return updated;
  });
}

/**
 * Turns deliveries on or off. Deliveries queued while off wait and are sent once it is enabled again.
 * Results published while it was off were not queued: with `sendMissed` (the Admin was asked), enabling
 * queues the latest version of each of them.
 */
export async function setWebhookActive(
  db: Db,
  questionnaireId: string,
  active: boolean,
  options: { actor?: AuditActor; now?: Date; sendMissed?: boolean } = {},
): Promise<WebhookView & { resent: number }> {
  return inTransaction(db, async (tx) => {
    const webhook = await requireWebhook(tx, questionnaireId);
    // Already so (a second tab's stale button, a repeated call): nothing changes and nothing is audited. A
    // webhook disabled automatically is not paused by an Admin: disabling it records that pause.
    if (webhook.active === active && (active || webhook.pausedByAdmin)) {
      return { ...toWebhookView(webhook), resent: 0 };
    }
    const now = options.now ?? new Date();
    // Re-enabled: its old failures no longer count (else the next failure could disable it again at once).
    if (active && !webhook.active) await resetEndpointHealth(tx, webhook.id);
    const updated = await tx.webhookEndpoint.update({
      where: { id: webhook.id },
      data: active
        ? { active: true, disabledAt: null, disabledReason: null, pausedByAdmin: false }
        : { active: false, disabledAt: now, disabledReason: 'Disabled by an Admin', pausedByAdmin: true },
    });
    const resent =
      active && options.sendMissed && !webhook.active && webhook.disabledAt
        ? await requeueResultsChangedSince(tx, questionnaireId, webhook.disabledAt, now)
        : 0;
    await recordWebhookAudit(
      tx,
      options.actor,
      active ? 'webhook.enable' : 'webhook.disable',
      webhook,
      resent ? { resentResults: resent } : {},
    );
    return { ...toWebhookView(updated), resent };
  });
}

/** Results published while the webhook is paused, which enabling it can send (when the Admin agrees). */
export async function missedWhilePaused(
  db: Db,
  questionnaireId: string,
): Promise<{ count: number; since: string | null }> {
  const webhook = await findWebhook(db, questionnaireId);
  if (!webhook || webhook.active || !webhook.disabledAt) return { count: 0, since: null };
  return {
    count: await countResultsChangedSince(db, questionnaireId, webhook.disabledAt),
    since: toRfc3339Utc(webhook.disabledAt),
  };
}
