// The interactive API documentation at /questionnaire/v1/docs: Swagger UI from the installed swagger-ui-dist
// package, served from our own origin (no CDN), reading the document at /questionnaire/v1/openapi.json.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REST_BASE_PATH } from './routes';

export const DOCS_PATH = `${REST_BASE_PATH}/v1/docs`;
const OPENAPI_PATH = `${REST_BASE_PATH}/v1/openapi.json`;

/** The files of swagger-ui-dist the page uses; nothing else of node_modules can be fetched. */
const SWAGGER_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    // Deep links put a link inside each operation's toggle button (nested controls a screen reader cannot
    // reach); the operation ids are in the document anyway.
    deepLinking: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: function () {
      var servers = document.getElementById('servers');
      if (servers) servers.setAttribute('aria-label', 'Server');
      // Swagger UI skips heading levels (its h1 title, then h3 sections; an h2, then h4): a screen reader's
      // outline of the page jumps. Each heading's level is told (aria-level) as at most one below the heading
      // before it, again whenever Swagger UI renders more (an operation opened).
      var root = document.getElementById('swagger-ui');
      var outline = function () {
        var previous = 0;
        root.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach(function (heading) {
          var level = Number(heading.tagName.charAt(1));
          var told = Math.min(level, previous + 1);
          if (told === level) heading.removeAttribute('aria-level');
          else heading.setAttribute('aria-level', String(told));
          previous = told;
        });
      };
      outline();
      new MutationObserver(outline).observe(root, { childList: true, subtree: true });
    },
  });
});
`;

/** Swagger UI's own colours fall short of WCAG AA contrast in a few places (found by axe-core): darker ones. */
const CONTRAST_FIXES = `
.swagger-ui .opblock .opblock-summary-method { text-shadow: none; color: #fff; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #0b6e4f; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4f91; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b42318; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #166534; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #0b6e4f; border-color: #0b6e4f; }
.swagger-ui .btn.authorize span { color: #0b6e4f; }
.swagger-ui .btn.authorize svg { fill: #0b6e4f; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #374151; }
`;

/** The page, its scripts carrying the request's CSP nonce (proxy.ts; the policy admits no other script). */
export function docsPage(nonce: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>REST API · Participant Assessment Integration Service</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  <style>${CONTRAST_FIXES}</style>
</head>
<body>
  <!-- One landmark around everything, so no part of the page is outside one (axe: region). -->
  <main id="swagger-ui"></main>
  <script nonce="${nonce}" src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script nonce="${nonce}" src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}

/** One file of the docs page, or a 404 for any other name. */
export async function docsAsset(name: string): Promise<Response> {
  if (name === 'init.js')
    return new Response(INIT_SCRIPT, {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
    });
  const contentType = Object.hasOwn(SWAGGER_ASSETS, name) ? SWAGGER_ASSETS[name] : undefined;
  if (!contentType) return new Response('Not found', { status: 404 });
  const file = await readFile(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', name));
  return new Response(new Uint8Array(file), {
    headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=86400' },
  });
}
