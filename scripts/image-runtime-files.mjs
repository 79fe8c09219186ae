// The image's run-time files beside Next.js's standalone output (the Dockerfile runs it after `next build` with
// NEXT_OUTPUT=standalone and the esbuild bundles in dist/server). `next build` traces only what the Next.js app
// needs; the custom server (start.mjs), the operator CLI and the migrator import more (pg, PGlite, the Prisma
// runtime, the WebAssembly schema engine, commander, ...). This traces those three bundles with the tracer Next.js
// itself uses and copies every file they reach into .next/standalone, so the image copies that one folder.
//   node scripts/image-runtime-files.mjs
import fs from 'node:fs';
import path from 'node:path';
import nft from 'next/dist/compiled/@vercel/nft/index.js';

const root = process.cwd();
const standalone = path.join(root, '.next', 'standalone');
const entries = ['start.mjs', 'cli.mjs', 'migrate.mjs'].map((name) =>
  path.join(root, 'dist', 'server', name),
);

// Folders of node_modules read by a path computed at run time, which a tracer cannot follow: PGlite's .wasm/.data
// files and extensions, the schema engine's .wasm (resolved next to an exported file), Swagger UI's static files
// (read by server/doors/rest/docs.ts), and the build-time modules Next.js's config loader resolves (never loads) when a
// custom server starts it (next/dist/server/config-utils.js, loadWebpackHook; its standalone server.js skips that).
const wholeFolders = [
  '@electric-sql/pglite',
  '@prisma/schema-engine-wasm',
  'swagger-ui-dist',
  'next/dist/compiled/webpack',
  'next/dist/compiled/@babel/runtime',
];

// Never loaded by a production server: source maps, Next.js's bundled documentation and its development-only
// runtimes (the image runs with NODE_ENV=production).
const notAtRunTime = (file) =>
  file.endsWith('.map') ||
  file.startsWith('node_modules/next/dist/docs/') ||
  /^node_modules\/next\/dist\/compiled\/next-server\/.*\.dev\.js$/.test(file);

const { fileList } = await nft.nodeFileTrace(entries, { base: root, processCwd: root, ignore: notAtRunTime });

const files = new Set([...fileList].filter((file) => !file.startsWith('dist/')));
for (const name of wholeFolders) {
  for (const entry of fs.readdirSync(path.join(root, 'node_modules', name), {
    recursive: true,
    withFileTypes: true,
  }))
    if (entry.isFile()) files.add(path.relative(root, path.join(entry.parentPath, entry.name)));
}

let copied = 0;
let bytes = 0;
for (const file of files) {
  const source = path.join(root, file);
  const target = path.join(standalone, file);
  if (!fs.statSync(source).isFile() || fs.existsSync(target)) continue;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(source, target);
  copied += 1;
  bytes += fs.statSync(target).size;
}
console.log(
  `${copied} files (${(bytes / 2 ** 20).toFixed(1)} MiB) added to .next/standalone for dist/server`,
);
