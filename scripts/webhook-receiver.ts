// A webhook receiver for QA runs of the Playwright suites against a deployment (see the README's QA section):
// it answers every POST with 200 and lists what arrived, headers and raw body, as JSON at /log. It records the
// customer authentication headers the deployment sends, so run it for test questionnaires only.
//
//   npm run webhook-receiver -- [--host 127.0.0.1] [--port 4801]
import { parseArgs } from 'node:util';
import { startTestReceiver } from '@/server/test/webhook-receiver';

const { values: args } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4801' },
  },
});
const port = Number(args.port);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`--port must be a TCP port number, not "${args.port}"`);
  process.exit(2);
}

const receiver = await startTestReceiver(() => ({ status: 200, body: 'ok' }), {
  host: args.host,
  port,
  logPath: '/log',
});
console.log(`Receiving webhooks at ${receiver.url}; request log at ${receiver.logUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void receiver.close().then(() => process.exit(0)));
}
