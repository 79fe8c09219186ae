// `pais listen` and `pais trigger` as a customer's developer runs them: the packed client installed into a fresh
// project outside the repository (server/test/packed-client.ts), its `pais` run as a process of its own against
// the REST door on each database, forwarding to a receiver on loopback that checks every delivery with the
// `standardwebhooks` package and the secret the command printed. The delivery log shows each attempt. Killing
// `listen` (SIGKILL) and starting it again loses nothing, and repeats only the delivery that was being
// forwarded at the kill (with its webhook-id, for the receiver to de-duplicate); Ctrl-C ends the session
// cleanly, and what is published afterwards waits for the next session.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@/server/test/database';
import { freePort } from '@/server/test/free-port';
import {
  childEnv,
  installPackedClient,
  serveOverHttp,
  type InstalledClient,
} from '@/server/test/packed-client';
import { createRestHarness, type RestHarness } from '@/server/test/rest-harness';
import { startTestReceiver, type TestReceiver } from '@/server/test/webhook-receiver';
import { setListenWakeSource } from '@/server/webhooks/listen-wake';

const run = promisify(execFile);

let installed: InstalledClient | undefined;
beforeAll(async () => {
  installed = await installPackedClient('pais-listen-');
}, 180_000);
afterAll(async () => {
  await installed?.remove();
});

/** A `pais` process, its output line by line. */
interface Pais {
  child: ChildProcess;
  lines: string[];
  /** The first line (of stdout or stderr) matching `pattern`, once it is printed. */
  waitForLine: (pattern: RegExp) => Promise<string>;
  exited: Promise<number | null>;
}

describe.each(testDatabaseKinds())('pais listen and trigger on %s', (kind) => {
  let h: RestHarness;
  let door: Awaited<ReturnType<typeof serveOverHttp>>;
  let receiver: TestReceiver;
  const running = new Set<ChildProcess>();

  beforeAll(async () => {
    h = await createRestHarness(kind);
    door = await serveOverHttp(h.handler);
    receiver = await startTestReceiver(() => ({ status: 204 }));
    await setListenWakeSource(
      h.db.pglite ? { kind: 'pglite', pglite: h.db.pglite } : { kind: 'postgresql', url: h.db.url },
    );
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await setListenWakeSource(undefined);
    await receiver?.close();
    await door?.close();
    await h?.close();
  });

  /** Runs `pais` with the service's address (without /questionnaire: the command adds it) and the key. */
  function startPais(args: string[], apiKey: string, baseUrl = door.url): Pais {
    const child = spawn(path.join(installed!.project, 'node_modules/.bin/pais'), args, {
      env: childEnv({ PAIS_BASE_URL: baseUrl, PAIS_API_KEY: apiKey }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const lines: string[] = [];
    const waiting = new Set<() => void>();
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop()!;
        lines.push(...parts);
        for (const check of [...waiting]) check();
      });
    }
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        running.delete(child);
        resolve(code);
        for (const check of [...waiting]) check();
      }),
    );
    const waitForLine = (pattern: RegExp) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const found = lines.find((line) => pattern.test(line));
          if (found !== undefined || child.exitCode !== null || child.signalCode !== null) {
            waiting.delete(check);
            if (found !== undefined) resolve(found);
            else reject(new Error(`pais exited without printing ${String(pattern)}:\n${lines.join('\n')}`));
          }
        };
        waiting.add(check);
        check();
      });
    return { child, lines, waitForLine, exited };
  }

  /** Starts `pais listen` forwarding to the receiver; resolves once it has printed its session's secret. */
  async function listen(apiKey: string): Promise<Pais & { secret: string; endpointId: string }> {
    const pais = startPais(['listen', '--forward-to', `${receiver.url}/webhooks`], apiKey);
    const secret = /(whsec_\S+)/.exec(await pais.waitForLine(/^Signing secret of this session: /))![1]!;
    const endpointId = /endpoints\/([0-9a-f-]{36})\//.exec(await pais.waitForLine(/^Delivery log: /))![1]!;
    return { ...pais, secret, endpointId };
  }

  /** `pais trigger`; resolves with the webhook-id its result was queued as. */
  async function trigger(apiKey: string, args: string[]): Promise<{ messageId: string; stdout: string }> {
    const { stdout } = await run(
      path.join(installed!.project, 'node_modules/.bin/pais'),
      ['trigger', ...args],
      {
        env: childEnv({ PAIS_BASE_URL: door.url, PAIS_API_KEY: apiKey }),
      },
    );
    return { messageId: /as (msg_\S+)/.exec(stdout)![1]!, stdout };
  }

  /** What the receiver got, each checked as a customer's receiver checks it, with the secret in use then. */
  const received = (from: number) => receiver.requests.slice(from);
  const verify = (secret: string, request: TestReceiver['requests'][number]) =>
    new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as { project_uuid: string; summary: string };

  it('forwards a triggered test result signed with the printed secret; a kill and a restart lose and repeat nothing', async () => {
    const q = await h.seed({ sandbox: true });
    const key = (await h.createKey(q.questionnaireId, ['webhook:write', 'participant:write'])).value;
    const start = receiver.requests.length;

    const first = await listen(key);
    const triggered = await trigger(key, ['--questionnaire', q.questionnaireId]);
    const participant = /participant ([0-9a-f-]{36})/.exec(triggered.stdout)![1]!;
    const [arrived] = await receiver.waitFor(start + 1).then(() => received(start));
    expect(arrived!.path).toBe('/hook/webhooks');
    expect(arrived!.headers['webhook-id']).toBe(triggered.messageId);
    expect(verify(first.secret, arrived!)).toMatchObject({
      project_uuid: q.questionnaireId,
      summary: 'Test result',
    });
    // One line: when, the status, the duration and the webhook-id.
    expect(
      await first.waitForLine(new RegExp(`  204  \\d+ ms  ${triggered.messageId}  result\\.update$`)),
    ).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {2}/);
    const log = await h.call('GET', `/v1/webhooks/endpoints/${first.endpointId}/deliveries`, { key });
    expect(log.body.deliveries).toEqual([
      expect.objectContaining({
        message_id: triggered.messageId,
        state: 'succeeded',
        attempts: [expect.objectContaining({ status_code: 204, error: null })],
      }),
    ]);

    // Killed while waiting for deliveries; two results are published meanwhile, and wait.
    first.child.kill('SIGKILL');
    await first.exited;
    const whileDown = [
      await trigger(key, ['--participant', participant]),
      await trigger(key, ['--questionnaire', q.questionnaireId]),
    ].map((t) => t.messageId);
    const second = await listen(key);
    expect(second.secret).not.toBe(first.secret);
    await receiver.waitFor(start + 3);
    expect(
      received(start + 1).map((r) => [r.headers['webhook-id'], verify(second.secret, r).summary]),
    ).toEqual(whileDown.map((id) => [id, 'Test result']));
    for (const id of whileDown) await second.waitForLine(new RegExp(`  204  \\d+ ms  ${id}  `));

    // Killed while the receiver holds a delivery unanswered: the next session sends it again, same webhook-id.
    receiver.respond(() => ({ status: 204, delayMs: 120_000 }));
    const inFlight = (await trigger(key, ['--participant', participant])).messageId;
    await receiver.waitFor(start + 4);
    second.child.kill('SIGKILL');
    await second.exited;
    receiver.respond(() => ({ status: 204 }));
    const third = await listen(key);
    await receiver.waitFor(start + 5);
    const [held, again] = received(start + 3);
    expect([held!.headers['webhook-id'], again!.headers['webhook-id']]).toEqual([inFlight, inFlight]);
    expect(verify(third.secret, again!)).toMatchObject({ summary: 'Test result' });
    await third.waitForLine(new RegExp(`  204  \\d+ ms  ${inFlight}  `));
    const log3 = await h.call('GET', `/v1/webhooks/endpoints/${third.endpointId}/deliveries`, { key });
    const resent = (log3.body as { deliveries: { message_id: string }[] }).deliveries.find(
      (d) => d.message_id === inFlight,
    );
    expect(resent).toMatchObject({
      state: 'succeeded',
      attempts: [
        expect.objectContaining({ status_code: 204 }),
        expect.objectContaining({
          status_code: null,
          error: expect.stringMatching(/ended before reporting/),
        }),
      ],
    });

    // Ctrl-C: stops cleanly; a result published afterwards waits for the next session.
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    expect(third.lines).toContain('Stopped. Results published from now on wait for the next pais listen.');
    const afterStop = (await trigger(key, ['--participant', participant])).messageId;
    const fourth = await listen(key);
    await receiver.waitFor(start + 6);
    expect(received(start + 5).map((r) => r.headers['webhook-id'])).toEqual([afterStop]);
    await fourth.waitForLine(new RegExp(`  204  \\d+ ms  ${afterStop}  `));
    fourth.child.kill('SIGINT');
    expect(await fourth.exited).toBe(0);

    // Every result arrived; only the one in flight at the kill arrived twice.
    const ids = received(start).map((r) => String(r.headers['webhook-id']));
    expect(ids).toEqual([triggered.messageId, ...whileDown, inFlight, inFlight, afterStop]);
    expect(
      (await h.db.prisma.webhookDelivery.findMany({ where: { webhookId: first.endpointId } })).map(
        (d) => d.status,
      ),
    ).toEqual(Array(5).fill('succeeded'));
  }, 180_000);

  it('reports a local URL that does not answer, stops when another listen replaces it, and refuses a live key in words', async () => {
    const q = await h.seed({ sandbox: true });
    const key = (await h.createKey(q.questionnaireId, ['webhook:write', 'participant:write'])).value;
    // Nothing listens there: the connection is refused.
    const closed = await freePort();
    const pais = startPais(['listen', '--forward-to', `http://127.0.0.1:${closed}/webhooks`], key);
    await pais.waitForLine(/^Signing secret of this session: /);
    const { messageId } = await trigger(key, ['--questionnaire', q.questionnaireId]);
    expect(await pais.waitForLine(new RegExp(`  ERR  \\d+ ms  ${messageId}  result\\.update  `))).toMatch(
      /ECONNREFUSED.*\(retried at \d{4}-/,
    );
    // A second listen for the questionnaire replaces the first, which stops saying so.
    const second = await listen(key);
    expect(await pais.exited).toBe(1);
    expect(pais.lines.join('\n')).toMatch(
      /pais listen: stopped: 404 Listen session not found: .*replaced it/,
    );
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const live = await h.seed();
    const liveKey = (await h.createKey(live.questionnaireId, ['webhook:write'])).value;
    const refused = startPais(['listen', '--forward-to', `${receiver.url}/webhooks`], liveKey);
    expect(await refused.exited).toBe(1);
    expect(refused.lines).toContain(
      'pais listen: 403 Listening for webhooks works only in a sandbox questionnaire (with a pais_test_ API key)',
    );
  }, 60_000);

  it('waits for a service that is not up yet, starts once it answers, and stops on Ctrl-C while waiting', async () => {
    const q = await h.seed({ sandbox: true });
    const key = (await h.createKey(q.questionnaireId, ['webhook:write'])).value;
    const port = await freePort();
    const early = startPais(
      ['listen', '--forward-to', `${receiver.url}/webhooks`],
      key,
      `http://127.0.0.1:${port}`,
    );
    expect(await early.waitForLine(/^pais listen: reaching /)).toMatch(
      /ECONNREFUSED.*; trying again in \d+ s$/,
    );
    // The service comes up on that address: the same command goes on, with no restart.
    const late = await serveOverHttp(h.handler, port);
    try {
      await early.waitForLine(/^Signing secret of this session: whsec_/);
      expect(early.lines.join('\n')).toMatch(/^pais listen: reaching \S+: connected again$/m);
      early.child.kill('SIGINT');
      expect(await early.exited).toBe(0);
    } finally {
      await late.close();
    }

    // Nothing ever answers: Ctrl-C ends the wait, with no session to end.
    const waiting = startPais(
      ['listen', '--forward-to', `${receiver.url}/webhooks`],
      key,
      `http://127.0.0.1:${port}`,
    );
    await waiting.waitForLine(/^pais listen: reaching /);
    waiting.child.kill('SIGINT');
    expect(await waiting.exited).toBe(0);
    expect(waiting.lines).toContain('Stopped before the service answered.');
  }, 60_000);
});
