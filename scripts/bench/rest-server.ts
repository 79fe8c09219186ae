// The public REST door alone, as `npm start` serves it (the fast door over the REST core), without Next.js: for
// figures about the API that need no production build. Started by scripts/bench/prune.ts as its own process;
// prints "ready" once listening on PORT, and answers GET /api/health (startBenchServer waits for it).
import http from 'node:http';
import { getPrisma } from '@/server/platform/db';
import { createRestCore } from '@/server/doors/rest/handler';
import { createFastRestDoor } from '@/server/doors/rest/fast-door';
import { loadSecurityHeaders } from '@/server/platform/http/header-rules';
import { env } from '@/server/platform/env';

const serve = createFastRestDoor({
  core: createRestCore({ db: getPrisma }),
  securityHeaders: await loadSecurityHeaders(env.PUBLIC_BASE_URL),
});
http
  .createServer((req, res) => {
    if (req.url === '/api/health') res.end('{"status":"ok"}');
    else void serve(req, res);
  })
  .listen(env.PORT, '127.0.0.1', () => console.log('ready'));
