// Preloaded into the `next start` process by scripts/start.ts (`node --require`), because Next.js creates
// its HTTP server itself and offers no option for these: every server the process creates gets
// headersTimeout and requestTimeout, so a client that sends its headers or its body slowly (or nothing at
// all) is cut off with 408 instead of holding a connection open. Plain JavaScript, run before anything else
// loads; the values come from HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS, which start.ts has already
// validated (server/env.ts).
const http = require('node:http');
const https = require('node:https');

const timeouts = {
  headersTimeout: Number(process.env.HTTP_HEADERS_TIMEOUT_MS) || 20_000,
  requestTimeout: Number(process.env.HTTP_REQUEST_TIMEOUT_MS) || 60_000,
};
// Node checks the deadlines on this interval (default 30 s); check often enough for short timeouts.
timeouts.headersTimeout = Math.min(timeouts.headersTimeout, timeouts.requestTimeout);
timeouts.connectionsCheckingInterval = Math.min(30_000, Math.max(250, timeouts.headersTimeout / 4));

for (const module of [http, https]) {
  const createServer = module.createServer;
  module.createServer = function createServerWithTimeouts(options, listener) {
    if (typeof options === 'function' || options === undefined)
      return createServer.call(this, timeouts, options);
    return createServer.call(this, { ...timeouts, ...options }, listener);
  };
}
