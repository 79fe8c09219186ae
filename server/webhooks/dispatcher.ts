// The only code that talks to customer webhooks (docs/webhooks.md). A flush is a pool of sends: it keeps up
// to `batchSize` sends in flight and claims more as soon as slots free up, so a slow or hanging endpoint only
// ever holds its own slots and never delays another endpoint's sends; sends to sandbox questionnaires'
// endpoints hold at most a quarter of the slots, so no number of those delays a live delivery. The claim (claim.ts) is fair across
// endpoints and caps each endpoint's sends in flight over every instance; it uses `FOR UPDATE SKIP LOCKED`
// plus a lease: concurrent flushers never claim the same delivery, and a flusher that dies mid-send leaves a
// lease that expires, after which the delivery is claimed again (same webhook-id). Each settled attempt
// also updates the endpoint's health (endpoint-health.ts: circuit breaker, automatic disable).
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient, type WebhookEndpoint } from '@/server/generated/prisma/client.ts';
import { postOutbound, type OutboundResult } from './http-client';
import { withWebhookSendSpan } from '@/server/platform/observability/tracing';
import { signWebhook } from './signing';
import { resultPayloadSchema, TEST_EVENT } from './payload';
import { isTestDelivery, TEST_HEADER_NAME, TEST_HEADER_VALUE } from './test-header';
import { retryDelayMs } from './retry-schedule';
import { DELIVERY_TIMEOUT_MS } from './delivery-timeout';
import { COALESCE_MS, createSettler, GONE_REASON, type Settle, type Settlement } from './settler';
import { defaultWebhookSettings, type WebhookSettings } from './settings';
import { claimById, claimFair } from './claim';
import { GIVE_BACK_LEASE, type Claimed } from './statements';
import { defaultEndpointHealthPolicy, type EndpointHealthPolicy } from './endpoint-health';
import {
  forgetClientCredentialsToken,
  getClientCredentialsToken,
  type OAuthClientConfig,
} from './oauth-token';
import { logger } from '@/server/platform/observability/logger';
import { dispatcherFailureKind } from './dispatcher-failures';
import { metrics } from '@/server/platform/observability/metrics';

/** Sends in flight in one flush (one instance's pool). */
const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_MAX_BATCHES = 10;
/**
 * The share of a flush's slots that sends to sandbox questionnaires' endpoints may take (at least one slot).
 * Live deliveries always have the rest: a hanging sandbox endpoint (or several, each at its own cap) with a
 * backlog older than every live delivery once took every slot it freed, and live deliveries waited for the
 * hanging sends to time out.
 */
const SANDBOX_SHARE = 0.25;
const USER_AGENT = 'PAIS-Webhooks/1.0';

export interface FlushOptions {
  /** The clock for what is due, leases and the next attempt (tests move it forward instead of sleeping). */
  now?: () => Date;
  /** Sends in flight at most in this flush. */
  batchSize?: number;
  /** With batchSize, the deliveries one flush claims at most (batchSize × maxBatches); a flush never runs unbounded. */
  maxBatches?: number;
  /** Deliveries one flush claims at most, instead of batchSize × maxBatches (the built-in scheduler: no limit). */
  maxDeliveries?: number;
  /** The deadline of one HTTP attempt (15 s). */
  timeoutMs?: number;
  /** How long a claim holds; it must outlast an OAuth2 token request plus the delivery itself. */
  leaseMs?: number;
  /** Who holds the lease; unique per flusher. */
  flusherId?: string;
  /** For the retry jitter. */
  random?: () => number;
  settings?: WebhookSettings;
  /** The per-endpoint cap, breaker and disable period (default: from the environment). */
  health?: EndpointHealthPolicy;
  /** A failed attempt was settled to be tried again at `due` (the scheduler sets its timer for it). */
  onRetryScheduled?: (due: Date) => void;
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
  /** Slots that sends to sandbox endpoints may take at most. */
  sandboxSlots: number;
  maxDeliveries: number;
  timeoutMs: number;
  leaseMs: number;
  flusherId: string;
  random: () => number;
  settings: WebhookSettings;
  health: EndpointHealthPolicy;
  onRetryScheduled: (due: Date) => void;
}

function resolveOptions(options: FlushOptions): Resolved {
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  return {
    clock: options.now ?? (() => new Date()),
    batchSize,
    sandboxSlots: Math.max(1, Math.floor(batchSize * SANDBOX_SHARE)),
    maxDeliveries: options.maxDeliveries ?? batchSize * (options.maxBatches ?? DEFAULT_MAX_BATCHES),
    timeoutMs,
    leaseMs: options.leaseMs ?? 2 * timeoutMs + 30_000,
    flusherId: options.flusherId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    random: options.random ?? Math.random,
    settings: options.settings ?? defaultWebhookSettings(),
    health: options.health ?? defaultEndpointHealthPolicy(),
    onRetryScheduled: options.onRetryScheduled ?? (() => undefined),
  };
}

function claimRequest(o: Resolved, limit: number, sandboxLimit = o.sandboxSlots) {
  return {
    now: o.clock(),
    leaseMs: o.leaseMs,
    flusherId: o.flusherId,
    limit,
    sandboxLimit,
    maxInFlightPerEndpoint: o.health.maxInFlightPerEndpoint,
  };
}

/**
 * Claims due deliveries for a flusher without sending them. Exported so that tests can play a flusher that
 * claims and then dies.
 */
export async function claimDueDeliveries(db: PrismaClient, options: FlushOptions = {}): Promise<string[]> {
  const o = resolveOptions(options);
  return (await claimFair(db, claimRequest(o, o.batchSize))).claimed.map((c) => c.id);
}

export interface RunningFlush {
  /** More may be due (a wake-up, the poll): claim again as soon as a claim can run. */
  poke: () => void;
  /** Claim nothing more; `done` resolves once the sends in flight are settled. */
  stop: () => void;
  /** Resolves when no send is in flight and nothing more was claimable (or the limit was reached). */
  done: Promise<FlushCounts>;
}

/**
 * Hand-offs in a row one slot makes (claim.ts, handOffSql) while every slot of the pool is taken, before it
 * goes back to the fair claim: with more endpoints than slots, a slot that kept handing itself to one
 * endpoint's backlog would starve the others. While the pool has a free slot, another endpoint's due
 * deliveries take that one (the claim runs at every wake-up and poll), so a slot keeps handing itself over.
 */
const MAX_HANDOFFS = 8;

/**
 * At most this many deliveries a slot keeps leased ahead of its send (aheadAfter): it sends the next one as
 * soon as an answer arrives, while that answer's settlement (which hands it the ones after) waits for its
 * group and is written. Twenty-four: with twelve, a slot sending to a receiver that answers in about 1 ms
 * still ran out every twelve sends and waited 7–9 ms for a hand-off, 26–40 % of its time (measured by the
 * bench on 2 cores); with twenty-four and SETTLE_MARGIN it waits 4–11 %, and PostgreSQL dispatched 9–25 %
 * more a second on Node.js 20 and 24 (docs/capacity.md; the embedded database, bound by its one thread's CPU,
 * did not move). Each one ahead is a lease, not a send: the cap on sends is unchanged.
 */
const LEASED_AHEAD_MAX = 24;

/**
 * How much longer than the flush's estimate of a settlement a slot's leases ahead should last: a group's
 * statement sometimes waits for the group before it, so settlements vary around the estimate, and a slot
 * that holds exactly the estimate runs out whenever one takes longer.
 */
const SETTLE_MARGIN = 1.5;

/** At least this many ahead of any send that is not slow: two beat one on PostgreSQL (docs/capacity.md). */
const LEASED_AHEAD_MIN = 2;

/**
 * How long a delivery leased ahead may wait for its send: it carries its endpoint's configuration version
 * as of its hand-off, so past this it is given back and the claim reads the endpoint again (an Admin changed
 * the URL or paused it meanwhile). Only a slow previous send takes this long, and then sending ahead gains
 * little anyway.
 */
const AHEAD_FRESH_MS = 250;

/** A send this long or longer leaves nothing leased ahead of the slot's next (aheadAfter). */
const SLOW_SEND_MS = AHEAD_FRESH_MS / 2;

/**
 * A delivery leased to a slot and not sent yet; `handedAt` (performance.now()): when a settlement handed it
 * over (the slot's first delivery, from the claim, has none).
 */
interface LeasedToSlot {
  delivery: Claimed;
  handedAt?: number;
}

/**
 * The order the claim and the hand-off take an endpoint's deliveries in (claim.ts): the longest due first,
 * then the oldest. Deliveries queued in the same millisecond tie on `created_at` alone.
 */
const inClaimOrder = (a: LeasedToSlot, b: LeasedToSlot) =>
  a.delivery.next_attempt_at.getTime() - b.delivery.next_attempt_at.getTime() ||
  a.delivery.created_at.getTime() - b.delivery.created_at.getTime();

/**
 * Deliveries a slot keeps leased ahead after a send of `sendMs`, while settlements take `settleMs` from a
 * send's answer to their commit: as many as it sends meanwhile and a margin (SETTLE_MARGIN), so that it
 * never waits for one (at least LEASED_AHEAD_MIN, at most LEASED_AHEAD_MAX), and only as many as would still
 * be sent within AHEAD_FRESH_MS (each waits about one send per place in line, then goes stale, to be given
 * back and claimed again). None after a slow send: there the settlement is short beside the send, and leases
 * held ahead would only keep the claim from giving the endpoint its other slots. With settlements of 12 ms,
 * an endpoint answering in 10 ms has two ahead; one answering in 1 ms, eighteen.
 */
const aheadAfter = (sendMs: number, settleMs: number) => {
  if (sendMs >= SLOW_SEND_MS) return 0;
  const perSend = Math.max(sendMs, 1);
  const stillFresh = Math.ceil(AHEAD_FRESH_MS / perSend) - 1;
  const sentWhileSettling = Math.ceil((settleMs * SETTLE_MARGIN) / perSend);
  return Math.min(LEASED_AHEAD_MAX, stillFresh, Math.max(LEASED_AHEAD_MIN, sentWhileSettling));
};

/**
 * How quickly the flush's estimate of a settlement's time follows new ones: each settlement moves it a fifth
 * of the way, so one slow statement does not swing every slot's leases.
 */
const SETTLE_ESTIMATE_WEIGHT = 0.2;

/**
 * While slots keep handing themselves over, the flush still claims this often (if a slot is free): what fell
 * due since without a wake-up (a retry) need not wait for the scheduler's slow poll.
 */
const CLAIM_AT_LEAST_EVERY_MS = 1_000;

/**
 * Starts a flush: a pool of at most `batchSize` sends in flight that claims again whenever a slot frees up
 * or it is poked, until nothing is claimable, no send is in flight and no poke is pending. A slot whose send
 * succeeded is handed its endpoint's next delivery in the settlement's own statement (up to MAX_HANDOFFS
 * times in a row): a fast endpoint's next send needs no claim, and the claim runs only for slots that free up.
 */
export function startFlush(db: PrismaClient, options: FlushOptions = {}): RunningFlush {
  const o = resolveOptions(options);
  const counts: FlushCounts = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
  const sending = new Map<string, number>();
  const batch: Batch = {
    endpoints: createEndpointCache(db, o.settings),
    settle: createSettler(db, {
      flusherId: o.flusherId,
      health: o.health,
      handOff: { clock: o.clock, leaseMs: o.leaseMs },
      answersDue: (withinMs) => answersDue(sending, withinMs),
    }),
    sending,
  };
  /** Slots taken: a claimed (or handed over) delivery being sent or settled. */
  let inFlight = 0;
  /** Of those, slots sending to sandbox endpoints (a slot keeps its endpoint through its hand-offs). */
  let sandboxInFlight = 0;
  const releaseSlots = (claimed: Claimed[]) => {
    inFlight -= claimed.length;
    sandboxInFlight -= claimed.filter((c) => c.sandbox).length;
  };
  /** Settlements asking for a hand-off, not yet committed: each may claim one more against the limit. */
  let handOffsAsked = 0;
  /**
   * How long a settlement takes from its send's answer to its commit, as the flush has seen them lately:
   * what a slot keeps ahead covers it (aheadAfter). Before the first, the settler's wait for a group.
   */
  let settleMs = COALESCE_MS;
  const settlementTook = (ms: number) => (settleMs += (ms - settleMs) * SETTLE_ESTIMATE_WEIGHT);
  let contentionWaits = 0;
  let lastClaimAt = performance.now();
  let claiming = false;
  let poked = true;
  let stopped = false;
  let failure: { error: unknown } | null = null;
  let failureCounted = false;
  let finish!: (counts: FlushCounts) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<FlushCounts>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });

  const settleIfIdle = () => {
    if (claiming || inFlight > 0 || ((poked || contentionWaits > 0) && !stopped && !failure)) return;
    clearTimeout(contentionTimer);
    if (failure) {
      if (!failureCounted) metrics.dispatcherFailures.inc({ kind: dispatcherFailureKind(failure.error) });
      failureCounted = true;
      fail(failure.error);
    } else finish(counts);
  };
  const poke = () => {
    poked = true;
    void pump();
  };

  /**
   * How many more hand-offs a slot that sent or holds `chain` handed-over deliveries in a row may ask for: up
   * to MAX_HANDOFFS in all, and past that any number only while a slot is free and no claim is running. A
   * running claim is filling that slot with the oldest due delivery of any endpoint, and until it has, the
   * free slot is not proof that no other endpoint waits (a slow claim let a slot serve one endpoint eleven
   * times in a row while two others had not been served).
   */
  const handOffsAllowed = (chain: number) => {
    if (stopped || failure) return 0;
    const bound =
      chain < MAX_HANDOFFS ? MAX_HANDOFFS - chain : inFlight < o.batchSize && !claiming ? Infinity : 0;
    return Math.max(0, Math.min(bound, o.maxDeliveries - counts.claimed - handOffsAsked));
  };

  /** The slots of one claim: their endpoints are loaded together (one statement for those not cached). */
  const startSlots = async (claimed: Claimed[]) => {
    try {
      await batch.endpoints.load(claimed);
    } catch (error) {
      failure ??= { error };
      releaseSlots(claimed);
      settleIfIdle();
      return;
    }
    for (const c of claimed) void runSlot(c);
  };

  /**
   * One slot: sends its delivery, then each one handed over to it; then it is free again. A success's
   * settlement hands the slot its endpoint's next delivery, plus what the slot lacks of those it keeps leased
   * ahead (aheadAfter): the slot sends those while the previous ones settle, so sending and settling overlap
   * instead of taking turns (docs/webhooks.md). Sends in flight stay at one per slot: a delivery leased ahead
   * is a lease, not a send, and it only makes other claims see the endpoint fuller than it is.
   */
  const runSlot = async (first: Claimed) => {
    const slot = createSlotLeases(first);
    for (let chain = 0; ; chain++) {
      const claimed = await slot.next();
      if (!claimed) break;
      try {
        // Handed over by a settlement, maybe while the slot was still sending: sent only while that is recent
        // (an Admin may have changed the endpoint since it was read), and not once the flush stops.
        if (claimed.handedAt !== undefined && (stopped || failure || slot.stale(claimed))) {
          await slot.giveBack(claimed.delivery);
          break;
        }
        if (chain > 0) await batch.endpoints.load([claimed.delivery]);
        const answered = await sendClaimed(db, o, batch, claimed.delivery);
        if (answered.outcome === 'released') continue;
        counts[answered.outcome]++;
        // A run of hand-offs counts the deliveries the slot holds or asked for already.
        const asks =
          answered.outcome === 'succeeded'
            ? Math.min(slot.wanted(answered.result.durationMs), handOffsAllowed(chain + slot.held()))
            : 0;
        handOffsAsked += asks;
        const settled = settleAnswered(o, batch, answered, asks);
        slot.settling(
          settled.then(
            (sent) => {
              handOffsAsked -= asks;
              settlementTook(performance.now() - answered.answeredAt);
              counts.claimed += sent.handed.length;
              // A newer revision of the participant waited for this one (a free slot may take it now), or
              // the last claim was a while ago.
              if (sent.unblocked || performance.now() - lastClaimAt >= CLAIM_AT_LEAST_EVERY_MS) poke();
              return sent.handed;
            },
            (error: unknown) => {
              handOffsAsked -= asks;
              // One delivery failing to settle (e.g. the database went away) must not hide the others; its
              // lease expires and it is claimed again.
              failure ??= { error };
              return [];
            },
          ),
          asks,
        );
        // A failure may open the breaker or disable the endpoint: the slot ends with it, and gives back
        // what it leased ahead.
        if (answered.outcome !== 'succeeded') {
          await settled;
          break;
        }
      } catch (error) {
        failure ??= { error };
        break;
      }
    }
    await slot.giveBackAll().catch((error: unknown) => (failure ??= { error }));
    releaseSlots([first]);
    poke();
    settleIfIdle();
  };

  /**
   * What one slot holds: the deliveries leased to it and not sent yet, and the settlements under way that
   * will hand it more.
   */
  const createSlotLeases = (first: Claimed) => {
    const leased: LeasedToSlot[] = [{ delivery: first }];
    const underWay = new Set<Promise<void>>();
    let asked = 0;
    /** Given back, they are no longer this flush's to send. */
    const giveBack = async (deliveries: Claimed[]) => {
      await giveBackLeases(db, o.flusherId, deliveries);
      counts.claimed -= deliveries.length;
    };
    /** Deliveries leased to the slot and not sent yet, or asked for by a settlement under way. */
    const held = () => leased.length + asked;
    return {
      /** The next delivery to send: leased already, or handed over by a settlement under way. */
      next: async (): Promise<LeasedToSlot | undefined> => {
        while (leased.length === 0 && underWay.size > 0) await Promise.race(underWay);
        return leased.shift();
      },
      held,
      /**
       * How many to ask of a success's settlement: its replacement, plus what the slot lacks of those it keeps
       * ahead after a send of `sendMs` while settlements take what they lately took (aheadAfter). With none
       * ahead (a slow send), the slot asks only for its next delivery once it holds none.
       */
      wanted: (sendMs: number) => {
        const ahead = aheadAfter(sendMs, settleMs);
        if (ahead === 0) return held() > 0 ? 0 : 1;
        return 1 + Math.max(0, ahead - held());
      },
      settling: (handed: Promise<Claimed[]>, asks: number) => {
        asked += asks;
        const done: Promise<void> = handed.then((deliveries) => {
          asked -= asks;
          underWay.delete(done);
          const handedAt = performance.now();
          for (const delivery of deliveries) leased.push({ delivery, handedAt });
          // In the claim's order: an UPDATE's RETURNING keeps no order, and two settlements under way may
          // hand over in either order.
          leased.sort(inClaimOrder);
        });
        underWay.add(done);
      },
      stale: (claimed: LeasedToSlot) => performance.now() - claimed.handedAt! > AHEAD_FRESH_MS,
      giveBack: (delivery: Claimed) => giveBack([delivery]),
      /** Waits for the settlements under way, then gives back what the slot will not send. */
      giveBackAll: async () => {
        while (underWay.size > 0) await Promise.race(underWay);
        const unsent = leased.splice(0).map((l) => l.delivery);
        if (unsent.length > 0) await giveBack(unsent);
      },
    };
  };

  const pump = async () => {
    if (claiming) return;
    claiming = true;
    try {
      while (poked && !stopped && !failure) {
        poked = false;
        const free = Math.min(o.batchSize - inFlight, o.maxDeliveries - counts.claimed - handOffsAsked);
        if (free <= 0) {
          // Every slot is taken (a settling send pokes again) or the flush's limit is reached.
          poked = false;
          break;
        }
        lastClaimAt = performance.now();
        const sandboxFree = Math.max(0, o.sandboxSlots - sandboxInFlight);
        const { claimed, contended } = await claimFair(db, claimRequest(o, free, sandboxFree));
        // Another instance's claim held an endpoint with due deliveries: look again once it has committed.
        if (contended && claimed.length < free) retryAfterContention();
        if (claimed.length === 0) continue;
        counts.claimed += claimed.length;
        inFlight += claimed.length;
        sandboxInFlight += claimed.filter((c) => c.sandbox).length;
        metrics.dispatcherBatches.inc();
        void startSlots(claimed);
        // Every slot taken: more may be claimable.
        if (claimed.length === free) poked = true;
      }
    } catch (error) {
      failure ??= { error };
    } finally {
      claiming = false;
      settleIfIdle();
    }
  };

  let contentionTimer: NodeJS.Timeout | undefined;
  const retryAfterContention = () => {
    if (contentionTimer) return;
    contentionWaits++;
    contentionTimer = setTimeout(
      () => {
        contentionTimer = undefined;
        contentionWaits--;
        poked = true;
        void pump();
      },
      CONTENTION_RETRY_MS * (0.5 + o.random()),
    );
  };

  void pump();
  return {
    poke,
    stop: () => {
      stopped = true;
      settleIfIdle();
    },
    done,
  };
}

/** Sends due deliveries until none is claimable (or the flush's limit is reached) and every send settled. */
export function flushWebhooks(db: PrismaClient, options: FlushOptions = {}): Promise<FlushCounts> {
  return startFlush(db, options).done;
}

/** The wait before claiming again when a concurrent claim held an endpoint with due deliveries. */
const CONTENTION_RETRY_MS = 20;

/** How often deliverNow looks whether the flusher holding its delivery has settled it. */
const HELD_POLL_MS = 100;

/**
 * Attempts one delivery right away (the test event, a replay) if it is due and nobody else holds it. When a
 * flusher holds it (the pool, woken by the same commit, claimed it first), waits until that flusher has
 * settled the attempt, so the caller reports the real outcome; while another claim has it locked but not yet
 * committed, tries again. Returns the outcome, or null when this call did not send it (settled by another
 * flusher, not pending, not due, its endpoint disabled, or still held when the wait ran out).
 */
export async function deliverNow(
  db: PrismaClient,
  deliveryId: string,
  options: FlushOptions = {},
): Promise<Outcome | null> {
  const o = resolveOptions(options);
  const waitUntil = Date.now() + o.timeoutMs + 5_000;
  for (;;) {
    const claimed = await claimById(db, claimRequest(o, 1), deliveryId);
    if (claimed) {
      const batch: Batch = {
        endpoints: createEndpointCache(db, o.settings),
        settle: createSettler(db, { flusherId: o.flusherId, health: o.health }),
      };
      await batch.endpoints.load([claimed]);
      return (await processClaimed(db, o, batch, claimed)).outcome;
    }
    const held = await db.webhookDelivery.findUnique({
      where: { id: deliveryId },
      select: { status: true, nextAttemptAt: true, webhook: { select: { active: true } } },
    });
    // Settled (by whoever held it), waiting for a later retry, or its endpoint paused: nothing to send now.
    if (!held || held.status !== 'pending' || held.nextAttemptAt > o.clock() || !held.webhook.active)
      return null;
    if (Date.now() >= waitUntil) return null;
    await new Promise((resolve) => setTimeout(resolve, HELD_POLL_MS));
  }
}

/** What a flush's sends share: the endpoints they go to and the settler. */
interface Batch {
  endpoints: EndpointCache;
  settle: Settle;
  /** The sends without an answer yet, and when each started (performance.now()). */
  sending?: Map<string, number>;
}

/** Sends that started less than `withinMs` ago and have no answer yet: their settlement is about to come. */
function answersDue(sending: Map<string, number>, withinMs: number): number {
  const since = performance.now() - withinMs;
  let due = 0;
  for (const started of sending.values()) if (started >= since) due++;
  return due;
}

/** The endpoints a flush sends to, and their secrets. */
interface EndpointCache {
  /** Loads the claimed deliveries' endpoints that are not cached yet or whose configuration changed since. */
  load: (claimed: Claimed[]) => Promise<void>;
  /** The endpoint as loaded, or undefined when it was deleted. */
  get: (webhookId: string) => WebhookEndpoint | undefined;
  decrypt: (sealed: string) => string;
}

/** Decrypted secrets kept at most, per flush (a flush of the built-in scheduler can run for a long time). */
const MAX_DECRYPTED_SECRETS = 1_000;

/**
 * Each endpoint is read once per configuration version, not once per claim: the claim returns the endpoint's
 * `updated_at`, which every change an Admin makes (URL, secrets, authentication, pause) moves. Reading the
 * endpoint again for every claim of a few deliveries was a fifth of the dispatcher's statements.
 */
function createEndpointCache(db: PrismaClient, settings: WebhookSettings): EndpointCache {
  const endpoints = new Map<string, WebhookEndpoint | undefined>();
  const plain = new Map<string, string>();
  const isCurrent = (c: Claimed) => {
    if (!endpoints.has(c.webhook_id)) return false;
    const cached = endpoints.get(c.webhook_id);
    return cached !== undefined && cached.updatedAt.getTime() >= new Date(c.webhook_updated_at).getTime();
  };
  return {
    load: async (claimed) => {
      const ids = [...new Set(claimed.filter((c) => !isCurrent(c)).map((c) => c.webhook_id))];
      if (ids.length === 0) return;
      const found = await db.webhookEndpoint.findMany({ where: { id: { in: ids } } });
      for (const id of ids)
        endpoints.set(
          id,
          found.find((w) => w.id === id),
        );
    },
    get: (webhookId) => endpoints.get(webhookId),
    decrypt: (sealed) => {
      let text = plain.get(sealed);
      if (text === undefined) {
        text = decryptSecret(settings, sealed);
        if (plain.size >= MAX_DECRYPTED_SECRETS) plain.clear();
        plain.set(sealed, text);
      }
      return text;
    },
  };
}

/** What one attempt came to, and what its slot does next. */
interface Sent {
  outcome: Outcome;
  /** The endpoint's next deliveries, handed over to this slot in the settlement. */
  handed: Claimed[];
  /** A newer revision of the participant waited for this delivery. */
  unblocked: boolean;
}

/** An attempt whose answer came (or whose send failed): what its settlement records. */
interface Answered {
  outcome: Exclude<Outcome, 'released'>;
  claimed: Claimed;
  result: OutboundResult;
  settlement: Settlement;
  /** When the answer came (performance.now()): the settlement's time is measured from it. */
  answeredAt: number;
}

/** Sends one claimed delivery and settles it (`handoff`: deliveries its success may take over, startFlush). */
async function processClaimed(
  db: PrismaClient,
  o: Resolved,
  batch: Batch,
  claimed: Claimed,
  handoff = 0,
): Promise<Sent> {
  const answered = await sendClaimed(db, o, batch, claimed);
  return answered.outcome === 'released' ? answered : settleAnswered(o, batch, answered, handoff);
}

/** Sends one claimed delivery; released instead when its endpoint was deleted or paused since the claim. */
async function sendClaimed(
  db: PrismaClient,
  o: Resolved,
  batch: Batch,
  claimed: Claimed,
): Promise<Answered | (Sent & { outcome: 'released' })> {
  const webhook = batch.endpoints.get(claimed.webhook_id);
  // Deleted since the claim: its deliveries went with it.
  if (!webhook) return { outcome: 'released', handed: [], unblocked: false };
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
    await giveBackLeases(db, o.flusherId, [claimed]);
    return { outcome: 'released', handed: [], unblocked: false };
  }

  const attemptedAt = o.clock();
  const sendStarted = performance.now();
  batch.sending?.set(claimed.id, sendStarted);
  const { result, test } = await send(o, batch, webhook, claimed, attemptedAt).finally(() =>
    batch.sending?.delete(claimed.id),
  );
  // Where an attempt's time goes: the receiver's (the send), or the dispatcher's database (the settlement).
  const answeredAt = performance.now();
  metrics.webhookSendDuration.observe((answeredAt - sendStarted) / 1000);
  return { ...settlementOf(o, claimed, result, attemptedAt, test), claimed, result, answeredAt };
}

/** Settles an answered attempt; a success takes over up to `handoff` of its endpoint's next deliveries. */
async function settleAnswered(o: Resolved, batch: Batch, answered: Answered, handoff: number): Promise<Sent> {
  const { outcome, claimed, result, settlement } = answered;
  const settled = await batch.settle({ ...settlement, handoff: outcome === 'succeeded' ? handoff : 0 });
  metrics.webhookSettleDuration.observe((performance.now() - answered.answeredAt) / 1000);
  if (outcome === 'retried' && settlement.nextAttemptAt) o.onRetryScheduled(settlement.nextAttemptAt);
  metrics.webhookDeliveries.inc({ outcome });
  if (outcome === 'succeeded') {
    metrics.webhookPublishToDelivery.observe(Math.max(0, Date.now() - claimed.created_at.getTime()) / 1000);
  }
  if (outcome === 'succeeded')
    logger.debug(
      { deliveryId: claimed.id, outcome, statusCode: result.statusCode },
      'webhook delivery attempt',
    );
  else
    // A customer's failing endpoint is visible at info (no URL: it may hold credentials).
    logger.info(
      {
        deliveryId: claimed.id,
        webhookId: claimed.webhook_id,
        outcome,
        statusCode: result.statusCode,
        error: settlement.error,
        durationMs: result.durationMs,
        nextAttemptAt: settlement.nextAttemptAt,
      },
      'webhook delivery attempt failed',
    );
  return { outcome, handed: settled.handed, unblocked: settled.unblocked };
}

/**
 * Gives back leases this flusher holds on deliveries it will not send (its endpoint paused, a delivery leased
 * ahead that the flush no longer sends): claimable again at once, the claim's attempt given back.
 */
async function giveBackLeases(db: PrismaClient, flusherId: string, deliveries: Claimed[]): Promise<void> {
  const ids = Prisma.join(deliveries.map((d) => Prisma.sql`${d.id}::uuid`));
  await db.$executeRaw`
    UPDATE webhook_delivery
    SET ${GIVE_BACK_LEASE}, updated_at = ${new Date()}::timestamptz
    WHERE id IN (${ids}) AND leased_by = ${flusherId} AND status = 'pending'`;
}

/**
 * Signs and sends one delivery; a failure before or during the request becomes the attempt's error. `test`:
 * the delivery is a test event (its payload says so).
 */
async function send(
  o: Resolved,
  batch: Batch,
  webhook: WebhookEndpoint,
  claimed: Claimed,
  attemptedAt: Date,
): Promise<{ result: OutboundResult; test: boolean }> {
  let oauthConfig: OAuthClientConfig | null = null;
  let result: OutboundResult;
  let test = false;
  try {
    // Parsed again so the body has the spec's key order (jsonb does not keep it).
    const payload = resultPayloadSchema.parse(JSON.parse(claimed.payload));
    test = payload.callback_type === TEST_EVENT;
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signWebhook({
        messageId: claimed.message_id,
        // The receiver checks this against its own clock, so it is always the real time of sending.
        timestamp: new Date(),
        body,
        secrets: signingSecrets(webhook, attemptedAt, batch.endpoints.decrypt),
      }),
    };
    if (isTestDelivery({ sandbox: claimed.sandbox, callbackType: payload.callback_type }))
      headers[TEST_HEADER_NAME] = TEST_HEADER_VALUE;
    if (webhook.authType === 'header' && webhook.authHeaderName && webhook.authHeaderValueEncrypted) {
      headers[webhook.authHeaderName.toLowerCase()] = batch.endpoints.decrypt(
        webhook.authHeaderValueEncrypted,
      );
    } else if (webhook.authType === 'oauth2') {
      oauthConfig = oauthConfigOf(webhook, batch.endpoints.decrypt);
      const token = await getClientCredentialsToken(oauthConfig, {
        allowPrivateUrls: o.settings.allowPrivateUrls,
        timeoutMs: o.timeoutMs,
        now: () => o.clock().getTime(),
      });
      headers.authorization = `Bearer ${token}`;
    }
    // Traced when OpenTelemetry is configured: the send's span, and its traceparent on the request.
    const delivery = { id: claimed.id, publishTraceparent: claimed.publish_traceparent };
    result = await withWebhookSendSpan(webhook.url, delivery, headers, (traced) =>
      postOutbound({ url: webhook.url, headers: traced, body, timeoutMs: o.timeoutMs }, o.settings),
    );
  } catch (error) {
    result = { statusCode: null, durationMs: 0, snippet: null, error: (error as Error).message };
  }
  if (result.statusCode === 401 && oauthConfig) forgetClientCredentialsToken(oauthConfig);
  return { result, test };
}

/**
 * What an attempt comes to. A test event is tried once: it checks the receiver now, so a failed one is not
 * retried on the schedule (it would arrive hours later, checking nothing) and ends as failed.
 */
function settlementOf(
  o: Resolved,
  claimed: Claimed,
  result: OutboundResult,
  attemptedAt: Date,
  test: boolean,
): { outcome: Exclude<Outcome, 'released'>; settlement: Settlement } {
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299;
  const gone = result.statusCode === 410;
  const delay = ok || gone || test ? null : retryDelayMs(claimed.attempt_count, o.random);
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
