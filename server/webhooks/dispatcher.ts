// The only code that talks to customer webhooks. A flush claims due deliveries in batches, sends each one
// signed, and records every attempt. Claiming is `FOR UPDATE SKIP LOCKED` plus a lease: concurrent flushers
// (several instances, the cron endpoint and the built-in scheduler) never claim the same delivery, and a
// flusher that dies mid-send leaves a lease that expires, after which the delivery is claimed again.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient, type WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import { postOutbound, type OutboundResult } from './http-client';
import { withWebhookSendSpan } from '@/server/observability/tracing';
import { signWebhook } from './signing';
import { resultPayloadSchema } from './payload';
import { retryDelayMs } from './retry-schedule';
import { createSettler, GONE_REASON, type Settlement } from './settler';
import { defaultWebhookSettings, type WebhookSettings } from './settings';
import {
  forgetClientCredentialsToken,
  getClientCredentialsToken,
  type OAuthClientConfig,
} from './oauth-token';
import { logger } from '@/server/observability/logger';
import { metrics } from '@/server/observability/metrics';

export const DELIVERY_TIMEOUT_MS = 15_000;
export const DEFAULT_BATCH_SIZE = 20;
export const DEFAULT_MAX_BATCHES = 10;
const USER_AGENT = 'PAIS-Webhooks/1.0';

export interface FlushOptions {
  /** The clock for what is due, leases and the next attempt (tests move it forward instead of sleeping). */
  now?: () => Date;
  batchSize?: number;
  /** Batches per flush; a flush never runs unbounded. */
  maxBatches?: number;
  /** The deadline of one HTTP attempt (15 s). */
  timeoutMs?: number;
  /** How long a claim holds; it must outlast an OAuth2 token request plus the delivery itself. */
  leaseMs?: number;
  /** Who holds the lease; unique per flusher. */
  flusherId?: string;
  /** For the retry jitter. */
  random?: () => number;
  settings?: WebhookSettings;
}

export interface FlushCounts {
  claimed: number;
  succeeded: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Deliveries that gave up (attempts exhausted, or 410 Gone). */
  failed: number;
}

type Outcome = 'succeeded' | 'retried' | 'failed' | 'released';

interface Resolved {
  clock: () => Date;
  batchSize: number;
  maxBatches: number;
  timeoutMs: number;
  leaseMs: number;
  flusherId: string;
  random: () => number;
  settings: WebhookSettings;
}

function resolveOptions(options: FlushOptions): Resolved {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return {
    clock: options.now ?? (() => new Date()),
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    maxBatches: options.maxBatches ?? DEFAULT_MAX_BATCHES,
    timeoutMs,
    leaseMs: options.leaseMs ?? 2 * timeoutMs + 30_000,
    flusherId: options.flusherId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    random: options.random ?? Math.random,
    settings: options.settings ?? defaultWebhookSettings(),
  };
}

interface Claimed {
  id: string;
  message_id: string;
  /** The stored payload as JSON text (parsed here, the same way on every database). */
  payload: string;
  /** Including this claim. */
  attempt_count: number;
  webhook_id: string;
  /** The flusher whose lease on this delivery expired unfinished, if any. */
  abandoned_by: string | null;
}

/**
 * Claims up to `limit` due deliveries (or the one named) for this flusher, returning what sending needs. The
 * claim counts as an attempt, so a delivery that keeps killing its flusher still runs out of attempts.
 */
async function claim(db: PrismaClient, o: Resolved, limit: number, deliveryId?: string): Promise<Claimed[]> {
  const now = o.clock();
  const leaseUntil = new Date(now.getTime() + o.leaseMs);
  const only = deliveryId ? Prisma.sql`AND wd.id = ${deliveryId}::uuid` : Prisma.empty;
  return db.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT wd.id, CASE WHEN wd.lease_until IS NOT NULL THEN wd.leased_by END AS abandoned_by
      FROM webhook_delivery wd
      JOIN webhook_endpoint we ON we.id = wd.webhook_id
      WHERE wd.status = 'pending'
        AND wd.next_attempt_at <= ${now}::timestamptz
        AND (wd.lease_until IS NULL OR wd.lease_until <= ${now}::timestamptz)
        AND we.active
        ${only}
      ORDER BY wd.next_attempt_at
      LIMIT ${limit}
      FOR UPDATE OF wd SKIP LOCKED
    )
    UPDATE webhook_delivery d
    SET lease_until = ${leaseUntil}::timestamptz,
        leased_by = ${o.flusherId},
        attempt_count = d.attempt_count + 1,
        updated_at = ${now}::timestamptz
    FROM due
    WHERE d.id = due.id
    RETURNING d.id::text AS id, d.message_id, d.payload::text AS payload, d.attempt_count,
      d.webhook_id::text AS webhook_id, due.abandoned_by`;
}

/**
 * Claims due deliveries for a flusher without sending them. The dispatcher's own first step; exported so
 * that tests can play a flusher that claims and then dies.
 */
export async function claimDueDeliveries(db: PrismaClient, options: FlushOptions = {}): Promise<string[]> {
  const o = resolveOptions(options);
  return (await claim(db, o, o.batchSize)).map((c) => c.id);
}

/** Sends due deliveries, batch after batch, until none is due or `maxBatches` ran. */
export async function flushWebhooks(db: PrismaClient, options: FlushOptions = {}): Promise<FlushCounts> {
  const o = resolveOptions(options);
  const counts: FlushCounts = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
  const settle = createSettler(db, o.flusherId);
  for (let batch = 0; batch < o.maxBatches; batch++) {
    const claimed = await claim(db, o, o.batchSize);
    counts.claimed += claimed.length;
    if (claimed.length === 0) break;
    metrics.dispatcherBatches.inc();
    const loaded = await loadBatch(db, o, claimed, settle);
    // One delivery failing to settle (e.g. the database went away mid-batch) must not hide the others; its
    // lease expires and it is claimed again.
    const outcomes = await Promise.allSettled(claimed.map((c) => processClaimed(db, o, loaded, c)));
    const unsettled = outcomes.filter((r) => r.status === 'rejected');
    for (const r of outcomes) if (r.status === 'fulfilled' && r.value !== 'released') counts[r.value]++;
    if (unsettled.length) throw unsettled[0]!.reason;
    if (claimed.length < o.batchSize) break;
  }
  return counts;
}

/**
 * Attempts one delivery right away (the test event, a replay) if it is due and nobody else holds it.
 * Returns the outcome, or null when it was not claimable (another flusher has it, or it is not pending).
 */
export async function deliverNow(
  db: PrismaClient,
  deliveryId: string,
  options: FlushOptions = {},
): Promise<Outcome | null> {
  const o = resolveOptions(options);
  const [claimed] = await claim(db, o, 1, deliveryId);
  if (!claimed) return null;
  return processClaimed(db, o, await loadBatch(db, o, [claimed], createSettler(db, o.flusherId)), claimed);
}

/** What a batch shares: its webhooks, loaded once, their secrets, decrypted once, and the settler. */
interface Batch {
  webhooks: Map<string, WebhookEndpoint>;
  decrypt: (sealed: string) => string;
  settle: (settlement: Settlement) => Promise<void>;
}

async function loadBatch(
  db: PrismaClient,
  o: Resolved,
  claimed: Claimed[],
  settle: Batch['settle'],
): Promise<Batch> {
  const ids = [...new Set(claimed.map((c) => c.webhook_id))];
  const webhooks = await db.webhookEndpoint.findMany({ where: { id: { in: ids } } });
  const plain = new Map<string, string>();
  const decrypt = (sealed: string) => {
    let text = plain.get(sealed);
    if (text === undefined) {
      text = decryptSecret(o.settings, sealed);
      plain.set(sealed, text);
    }
    return text;
  };
  return { webhooks: new Map(webhooks.map((w) => [w.id, w])), decrypt, settle };
}

async function processClaimed(
  db: PrismaClient,
  o: Resolved,
  batch: Batch,
  claimed: Claimed,
): Promise<Outcome> {
  const webhook = batch.webhooks.get(claimed.webhook_id);
  // Deleted since the claim: its deliveries went with it.
  if (!webhook) return 'released';
  if (claimed.abandoned_by) {
    await db.webhookDeliveryAttempt.create({
      data: {
        deliveryId: claimed.id,
        attemptedAt: o.clock(),
        durationMs: 0,
        error: `Flusher ${claimed.abandoned_by} stopped before finishing (its lease expired); sending again`,
      },
    });
  }
  if (!webhook.active) {
    // Disabled between claim and load: hold the delivery until the webhook is enabled again.
    await db.webhookDelivery.updateMany({
      where: { id: claimed.id, leasedBy: o.flusherId },
      data: { leaseUntil: null, leasedBy: null, attemptCount: { decrement: 1 } },
    });
    return 'released';
  }

  const attemptedAt = o.clock();
  const result = await send(o, batch, webhook, claimed, attemptedAt);
  const { outcome, settlement } = settlementOf(o, claimed, result, attemptedAt);
  await batch.settle(settlement);
  metrics.webhookDeliveries.inc({ outcome });
  logger.debug(
    { deliveryId: claimed.id, outcome, statusCode: result.statusCode },
    'webhook delivery attempt',
  );
  return outcome;
}

/** Signs and sends one delivery; a failure before or during the request becomes the attempt's error. */
async function send(
  o: Resolved,
  batch: Batch,
  webhook: WebhookEndpoint,
  claimed: Claimed,
  attemptedAt: Date,
): Promise<OutboundResult> {
  let oauthConfig: OAuthClientConfig | null = null;
  let result: OutboundResult;
  try {
    // Parsed again so the body has the spec's key order (jsonb does not keep it).
    const body = JSON.stringify(resultPayloadSchema.parse(JSON.parse(claimed.payload)));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signWebhook({
        messageId: claimed.message_id,
        // The receiver checks this against its own clock, so it is always the real time of sending.
        timestamp: new Date(),
        body,
        secrets: signingSecrets(webhook, attemptedAt, batch.decrypt),
      }),
    };
    if (webhook.authType === 'header' && webhook.authHeaderName && webhook.authHeaderValueEncrypted) {
      headers[webhook.authHeaderName.toLowerCase()] = batch.decrypt(webhook.authHeaderValueEncrypted);
    } else if (webhook.authType === 'oauth2') {
      oauthConfig = oauthConfigOf(webhook, batch.decrypt);
      const token = await getClientCredentialsToken(oauthConfig, {
        allowPrivateUrls: o.settings.allowPrivateUrls,
        timeoutMs: o.timeoutMs,
        now: () => o.clock().getTime(),
      });
      headers.authorization = `Bearer ${token}`;
    }
    // Traced when OpenTelemetry is configured: the send's span, and its traceparent on the request.
    result = await withWebhookSendSpan(webhook.url, claimed.id, headers, (traced) =>
      postOutbound({ url: webhook.url, headers: traced, body, timeoutMs: o.timeoutMs }, o.settings),
    );
  } catch (error) {
    result = { statusCode: null, durationMs: 0, snippet: null, error: (error as Error).message };
  }
  if (result.statusCode === 401 && oauthConfig) forgetClientCredentialsToken(oauthConfig);
  return result;
}

function settlementOf(
  o: Resolved,
  claimed: Claimed,
  result: OutboundResult,
  attemptedAt: Date,
): { outcome: Exclude<Outcome, 'released'>; settlement: Settlement } {
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299;
  const gone = result.statusCode === 410;
  const delay = ok || gone ? null : retryDelayMs(claimed.attempt_count, o.random);
  const outcome = ok ? 'succeeded' : delay === null ? 'failed' : 'retried';
  const error =
    result.error ??
    (ok ? null : gone ? `${GONE_REASON}: the webhook was disabled` : `HTTP ${result.statusCode}`);
  const settlement: Settlement = {
    deliveryId: claimed.id,
    webhookId: claimed.webhook_id,
    attemptedAt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    snippet: result.snippet,
    error,
    status: outcome === 'retried' ? 'pending' : outcome,
    deliveredAt: ok ? attemptedAt : null,
    nextAttemptAt: delay === null ? null : new Date(o.clock().getTime() + delay),
    disable: gone,
  };
  return { outcome, settlement };
}

/** Decrypts a stored secret, with a hint when the key no longer matches (the usual cause). */
function decryptSecret(settings: WebhookSettings, sealed: string): string {
  try {
    return settings.secretBox.decrypt(sealed);
  } catch {
    throw new Error(
      "The webhook's stored secrets cannot be decrypted: NEXTAUTH_SECRET (or ./data/app-secret) changed since they were saved",
    );
  }
}

/** The current secret, plus the one before the last rotation while it is still within its 24 hours. */
function signingSecrets(webhook: WebhookEndpoint, now: Date, decrypt: (sealed: string) => string): string[] {
  const secrets = [decrypt(webhook.secretEncrypted)];
  if (
    webhook.previousSecretEncrypted &&
    webhook.previousSecretExpiresAt &&
    webhook.previousSecretExpiresAt > now
  ) {
    secrets.push(decrypt(webhook.previousSecretEncrypted));
  }
  return secrets;
}

function oauthConfigOf(webhook: WebhookEndpoint, decrypt: (sealed: string) => string): OAuthClientConfig {
  if (!webhook.oauthTokenUrl || !webhook.oauthClientId || !webhook.oauthClientSecretEncrypted) {
    throw new Error('OAuth2 is selected but its token URL, client id or client secret is missing');
  }
  return {
    tokenUrl: webhook.oauthTokenUrl,
    clientId: webhook.oauthClientId,
    clientSecret: decrypt(webhook.oauthClientSecretEncrypted),
    audience: webhook.oauthAudience,
    scope: webhook.oauthScope,
  };
}
