// The dependency rule of docs/architecture.md, checked by `npm run lint`:
//   app/, components/, scripts/  →  server/doors/  →  server/<domain>/  →  server/platform/
// Nothing imports upward; test support (server/test/) is imported by tests and scripts only, and a module
// under server/ that production never reaches is test support in the wrong place.
/** Every folder under server/ that is a domain (not platform, doors, test support or generated code). */
const DOMAIN = '^server/(?!platform/|doors/|test/|generated/)[^/]+/';
const TEST = '(\\.test\\.ts$|^server/test/|^e2e/|^scripts/)';
/**
 * What production runs: the Next.js app (its pages and routes, the proxy, instrumentation and config) and the
 * processes of `npm start`, the operator CLI, the migrator and `npm install` (scripts/generate-client.ts).
 */
const PRODUCTION_ENTRY =
  '^(app/|instrumentation\\.ts$|proxy\\.ts$|next\\.config\\.js$|scripts/(start|cli|migrate|generate-client)\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-domain',
      comment:
        'server/platform/ is the infrastructure every domain uses (database, HTTP, observability, lifecycle, crypto, env); it must not know any domain.',
      severity: 'error',
      from: { path: '^server/platform/', pathNot: TEST },
      to: { path: '^server/', pathNot: '^server/(platform|generated)/' },
    },
    {
      name: 'domain-imports-no-door',
      comment:
        'A domain holds rules, statements and procedures; the doors (REST, Admin, machine) and the app compose them. A domain importing a door or a page is an upward import.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: TEST },
      to: { path: '^(server/doors/|app/|components/|scripts/)' },
    },
    {
      name: 'door-imports-no-app',
      comment: 'The doors serve the app; they never import a page, a component or a script.',
      severity: 'error',
      from: { path: '^server/doors/', pathNot: TEST },
      to: { path: '^(app/|components/|scripts/)' },
    },
    {
      name: 'test-support-only-in-tests',
      comment: 'server/test/ holds test helpers and fixtures: production code never imports them.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { path: '^server/test/' },
    },
    {
      name: 'test-support-in-test-folders',
      comment:
        'A module under server/ that no production entry reaches (only tests, benches or tools import it) is test support: it belongs in server/test/, where the build never looks and production code cannot import it.',
      severity: 'error',
      from: { path: PRODUCTION_ENTRY },
      // Declaration files (security-headers.d.ts) hold types for a JavaScript module: nothing imports them by name.
      to: { path: '^server/', pathNot: `${TEST}|^server/generated/|\\.d\\.ts$`, reachable: false },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|server/generated|\\.next)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
