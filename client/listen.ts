// `pais listen`: receives a sandbox questionnaire's webhooks on the developer's machine, without a public URL.
// It starts a listen session (POST /v1/webhooks/listen: the session's signing secret, printed once), long-polls
// the session for deliveries, POSTs each one to the local URL exactly as the service would send it (the same
// body bytes and signature headers), prints one line per delivery and reports its outcome, so the delivery log
// shows every attempt and a failed one is retried on the service's schedule. One delivery at a time, in the
// order handed over.
//
// Nothing is lost or repeated across interruptions: a delivery counts as done only once its outcome is reported
// (retried until the service has it), and the session polls again only then. A lost connection is retried on
// the same session, whose next poll hands over again what the lost answer held. Stopping (stop(): Ctrl-C) lets
// the delivery being forwarded finish and be reported, then ends the session; deliveries handed over but not
// forwarded go back as never sent, and whatever is published afterwards waits for the next session.
import { createServiceClient, type components } from './index.js';
import {
  failureOf,
  isTransient,
  networkFailure,
  pause,
  retryAfterMs,
  type Output,
} from './command-support.js';

type Handed = components['schemas']['WebhookListenDelivery'];
type Delivery = components['schemas']['WebhookDelivery'];

/** How long the service waits for a delivery before answering an empty poll (its most). */
const POLL_WAIT_SECONDS = 25;
/** A poll not answered by then is taken as a lost connection. */
const POLL_TIMEOUT_MS = (POLL_WAIT_SECONDS + 35) * 1000;
/** The local URL's deadline, as the service gives a webhook URL. */
const FORWARD_TIMEOUT_MS = 15_000;
/** The waits between tries after a lost connection: doubling up to the last. */
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 10_000];
/** What the forwarded request says it is, beside the service's own signature headers. */
const USER_AGENT = 'PAIS-Webhooks/1.0 (pais listen)';

export interface ListenOptions {
  baseUrl: string;
  apiKey: string;
  forwardTo: string;
  output: Output;
}

export interface RunningListen {
  /** Resolves with the exit status: 0 once stopped, 1 when the session could not start or was lost. */
  done: Promise<number>;
  /** Finishes the delivery in hand, ends the session; false when already stopping. */
  stop: () => boolean;
}

interface Forwarded {
  status_code: number | null;
  duration_ms: number;
  error?: string;
}

/** The session ended under the command (replaced, its endpoint paused or given a URL): it cannot go on. */
class SessionLost extends Error {}

export function startListen(options: ListenOptions): RunningListen {
  const stopping = new AbortController();
  return {
    done: listen(options, stopping.signal),
    stop: () => {
      if (stopping.signal.aborted) return false;
      stopping.abort();
      return true;
    },
  };
}

async function listen(options: ListenOptions, stopping: AbortSignal): Promise<number> {
  const { output } = options;
  const client = createServiceClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  /** Asks until the service answers (a lost connection, 429, 5xx: waits and asks again). */
  const persist = async <T>(
    what: string,
    call: (signal: AbortSignal) => Promise<{ data?: T; error?: unknown; response: Response }>,
    options: { interruptible: boolean; timeoutMs?: number },
  ): Promise<{ data?: T; error?: unknown; response: Response } | undefined> => {
    for (let failures = 0; ; failures++) {
      const signals = [
        ...(options.interruptible ? [stopping] : []),
        ...(options.timeoutMs ? [AbortSignal.timeout(options.timeoutMs)] : []),
      ];
      let wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
      try {
        const answer = await call(AbortSignal.any(signals));
        if (!isTransient(answer.response.status)) {
          if (failures > 0) output.problem(`pais listen: ${what}: connected again`);
          return answer;
        }
        wait = retryAfterMs(answer.response) ?? wait;
        output.problem(`pais listen: ${what}: ${failureOf(answer)}; trying again in ${wait / 1000} s`);
      } catch (error) {
        if (options.interruptible && stopping.aborted) return undefined;
        output.problem(`pais listen: ${what}: ${networkFailure(error)}; trying again in ${wait / 1000} s`);
      }
      await pause(wait, options.interruptible ? stopping : undefined);
      if (options.interruptible && stopping.aborted) return undefined;
    }
  };

  // A service not up yet (`npm run dev &` just started, a restart) is waited for, as a lost connection is later:
  // the developer sees why and can Ctrl-C. A refusal (wrong key, not a sandbox) ends the command at once.
  const started = await persist(
    `reaching ${options.baseUrl}`,
    (signal) => client.POST('/v1/webhooks/listen', { signal }),
    { interruptible: true, timeoutMs: 30_000 },
  );
  if (!started) {
    output.line('Stopped before the service answered.');
    return 0;
  }
  if (!started.data) {
    output.problem(`pais listen: ${failureOf(started)}`);
    return 1;
  }
  const session = started.data;
  output.line(`Forwarding the sandbox questionnaire's webhooks to ${options.forwardTo} (Ctrl-C to stop).`);
  output.line(`Signing secret of this session: ${session.secret}`);
  output.line(`Delivery log: GET /v1/webhooks/endpoints/${session.endpoint_id}/deliveries`);
  const path = { session_id: session.session_id };

  /** Reports the outcome until the service has it; the delivery as the log now shows it, if it took it. */
  const report = async (handed: Handed, forwarded: Forwarded): Promise<Delivery | string> => {
    const answer = await persist(
      'reporting an outcome',
      (signal) =>
        client.POST('/v1/webhooks/listen/{session_id}/deliveries/{delivery_id}/outcome', {
          params: { path: { ...path, delivery_id: handed.id } },
          body: forwarded,
          signal,
        }),
      // Not cut short by a stop: the delivery in hand is finished first.
      { interruptible: false, timeoutMs: 30_000 },
    );
    if (answer?.data) return answer.data;
    if (answer?.response.status === 404 || answer?.response.status === 401 || answer?.response.status === 403)
      throw new SessionLost(failureOf(answer));
    // 409: the session no longer holds it (another session took it over): nothing of ours to record.
    return `report not taken: ${answer ? failureOf(answer) : 'stopped'}`;
  };

  try {
    while (!stopping.aborted) {
      const polled = await persist(
        'waiting for deliveries',
        (signal) =>
          client.POST('/v1/webhooks/listen/{session_id}/poll', {
            params: { path },
            body: { wait_seconds: POLL_WAIT_SECONDS },
            signal,
          }),
        { interruptible: true, timeoutMs: POLL_TIMEOUT_MS },
      );
      if (!polled) break;
      if (!polled.data) throw new SessionLost(failureOf(polled));
      for (const handed of polled.data.deliveries) {
        // Not forwarded: ending the session gives it back as never sent.
        if (stopping.aborted) break;
        const forwarded = await forward(options.forwardTo, handed);
        const settled = await report(handed, forwarded);
        output.line(deliveryLine(handed, forwarded, settled));
      }
    }
  } catch (error) {
    if (!(error instanceof SessionLost)) throw error;
    output.problem(`pais listen: stopped: ${error.message}`);
    return 1;
  }

  // Ended within a few seconds or not at all: what it still holds would go to the next session anyway.
  const ended = await client
    .DELETE('/v1/webhooks/listen/{session_id}', { params: { path }, signal: AbortSignal.timeout(5_000) })
    .catch(() => undefined);
  output.line(
    ended?.response.ok
      ? 'Stopped. Results published from now on wait for the next pais listen.'
      : 'Stopped (the service did not hear of it: the next pais listen takes over what waits).',
  );
  return 0;
}

/** POSTs the delivery to the local URL as the service would send it: same bytes, same signature headers. */
async function forward(url: string, handed: Handed): Promise<Forwarded> {
  const began = performance.now();
  const took = () => Math.round(performance.now() - began);
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { ...handed.headers, 'user-agent': USER_AGENT },
      body: handed.body,
      // As the service: a redirect is an answer, not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    // Read to the end, so the connection can be used again (the body itself is not kept).
    await answer.arrayBuffer().catch(() => undefined);
    return { status_code: answer.status, duration_ms: took() };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${FORWARD_TIMEOUT_MS / 1000} s`
        : networkFailure(error);
    return { status_code: null, duration_ms: took(), error: reason.slice(0, 1_000) };
  }
}

/** One line per delivery: when, the local URL's status, how long it took, its webhook-id, and what follows. */
function deliveryLine(handed: Handed, forwarded: Forwarded, settled: Delivery | string): string {
  const status = forwarded.status_code === null ? 'ERR' : String(forwarded.status_code);
  const parts = [
    new Date().toISOString(),
    status,
    `${forwarded.duration_ms} ms`,
    handed.message_id,
    handed.event_type,
  ];
  if (forwarded.error) parts.push(forwarded.error);
  if (typeof settled === 'string') parts.push(`(${settled})`);
  else if (settled.state === 'retrying' && settled.next_attempt_at)
    parts.push(`(retried at ${settled.next_attempt_at})`);
  else if (settled.state === 'failed') parts.push('(not retried: gave up)');
  return parts.join('  ');
}
