// The receiver example of the customer guide (/docs/webhooks) really verifies our deliveries.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningSecret, signWebhook } from '@/server/webhooks/signing';
import { freePort } from '@/server/test/free-port';
import { PAYLOAD_EXAMPLE, RECEIVER_EXAMPLE } from './docs-snippets';

describe('customer documentation of webhooks', () => {
  describe('the receiver example', () => {
    const secret = generateSigningSecret();
    // Inside the repository, so that `standardwebhooks` resolves as it would in a customer's project.
    const dir = path.resolve('data', `docs-receiver-${process.pid}`);
    let child: ChildProcess;
    let output = '';
    let url = '';

    beforeAll(async () => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'receiver.mjs'), RECEIVER_EXAMPLE);
      const port = await freePort();
      url = `http://127.0.0.1:${port}/`;
      child = spawn(process.execPath, [path.join(dir, 'receiver.mjs')], {
        env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) },
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      for (let i = 0; i < 100; i++) {
        const up = await fetch(url, { method: 'POST', body: '' }).then(
          () => true,
          () => false,
        );
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the example receiver did not start');
    });
    afterAll(() => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const send = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

    it('accepts a signed delivery once, ignores its repeat, and refuses a forged one', async () => {
      const body = PAYLOAD_EXAMPLE;
      const headers = signWebhook({
        messageId: 'msg_docs_1',
        timestamp: new Date(),
        body,
        secrets: [secret],
      });
      expect((await send(body, headers)).status).toBe(204);
      expect((await send(body, headers)).status).toBe(204);
      expect((await send(body.replace('"HR"', '"LR"'), headers)).status).toBe(400);
      const other = signWebhook({
        messageId: 'msg_docs_2',
        timestamp: new Date(),
        body,
        secrets: [generateSigningSecret()],
      });
      expect((await send(body, other)).status).toBe(400);
      // A rotation: the old and the new secret both sign; the receiver knows only one of them.
      const rotated = signWebhook({
        messageId: 'msg_docs_3',
        timestamp: new Date(),
        body,
        secrets: [generateSigningSecret(), secret],
      });
      expect((await send(body, rotated)).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output.trim().split('\n')).toEqual([
        'Result Update: IRN-100234 Result Published',
        'Result Update: IRN-100234 Result Published',
      ]);
    });
  });
});
