// Listens for the dispatchers' wake signal (see wake-signal.ts). On PostgreSQL a dedicated connection holds
// LISTEN; it is re-established with exponential backoff whenever it drops (a restart, a failover, an idle
// timeout, pg_terminate_backend), and every (re)connection counts as a wake, because a notification sent while
// nobody listened is lost. On the embedded database PGlite's own listen/notify serves the same purpose.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { WAKE_CHANNEL } from './wake-signal';

/** Where to listen: the embedded database itself, or a PostgreSQL URL that allows LISTEN (no pooler). */
export type WakeSource = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgresql'; url: string };

export interface WakeListenerOptions {
  source: WakeSource;
  /** A notification arrived, or the listener (re)connected. */
  onWake: () => void;
  /** The connection failed or dropped; the listener is already retrying. */
  onError?: (error: unknown) => void;
  /** The first retry's delay; doubles per failed attempt up to maxBackoffMs (with ±20 % jitter). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface WakeListener {
  /** True while LISTEN is in place. */
  isListening: () => boolean;
  /** The PostgreSQL backend process of the listening connection (null on PGlite or while disconnected). */
  backendPid: () => number | null;
  stop: () => Promise<void>;
}

export function startWakeListener(options: WakeListenerOptions): WakeListener {
  return options.source.kind === 'pglite'
    ? listenOnPglite(options.source.pglite, options)
    : listenOnPostgres(options.source.url, options);
}

function listenOnPglite(pglite: PGlite, options: WakeListenerOptions): WakeListener {
  let listening = false;
  const subscribed = pglite
    .listen(WAKE_CHANNEL, () => options.onWake())
    .then((unsubscribe) => {
      listening = true;
      options.onWake();
      return unsubscribe;
    });
  subscribed.catch((error: unknown) => options.onError?.(error));
  return {
    isListening: () => listening,
    backendPid: () => null,
    stop: async () => {
      listening = false;
      const unsubscribe = await subscribed.catch(() => null);
      // A closed database has no listeners left to remove.
      if (unsubscribe && !pglite.closed) await unsubscribe();
    },
  };
}

function listenOnPostgres(url: string, options: WakeListenerOptions): WakeListener {
  const minBackoffMs = options.minBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  let stopped = false;
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const reconnectLater = () => {
    if (stopped) return;
    const delay = Math.min(maxBackoffMs, minBackoffMs * 2 ** failures) * (0.8 + Math.random() * 0.4);
    failures++;
    clearTimeout(retry);
    retry = setTimeout(() => {
      connecting = connect();
    }, delay);
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const connection = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (client === connection) {
        client = null;
        pid = null;
      }
      connection.end().catch(() => undefined);
      if (stopped) return;
      options.onError?.(error);
      reconnectLater();
    };
    connection.on('error', drop);
    connection.on('end', () => drop(new Error('The wake listener connection closed')));
    connection.on('notification', (message) => {
      if (message.channel === WAKE_CHANNEL) options.onWake();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${WAKE_CHANNEL}`);
      const { rows } = await connection.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (stopped || dropped) {
        await connection.end().catch(() => undefined);
        return;
      }
      client = connection;
      pid = rows[0]?.pid ?? null;
      failures = 0;
      options.onWake();
    } catch (error) {
      drop(error);
    }
  };

  connecting = connect();
  return {
    isListening: () => client !== null,
    backendPid: () => pid,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await connecting;
      const open = client;
      client = null;
      pid = null;
      await open?.end().catch(() => undefined);
    },
  };
}
