// The client package as a customer gets it, for the tests that use it from outside the repository
// (client/package.test.ts, client/listen.test.ts): `npm pack` in client/ (whose prepack builds dist/ with tsc)
// makes the tarball, which is installed into a fresh project in a temporary folder. And the REST harness's door
// on a loopback port, for the package's programs and commands to call.
//
// The install is offline. `npm install <tarball> --offline` cannot work: npm resolves the package's dependency
// ranges from the registry's package documents, which its cache does not keep. So the project gets a
// package-lock.json that pins the package's dependencies (and @types/node) to the versions and integrity
// hashes of the repository's own lock, and `npm ci --offline` takes their tarballs from npm's cache, where
// the repository's `npm ci` put them. Nothing is fetched, and the package is tested with the versions the
// repository tests with.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const CLIENT_DIR = path.join(ROOT, 'client');

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  bin?: Record<string, string>;
}
interface LockEntry {
  version: string;
  dependencies?: Record<string, string>;
  [field: string]: unknown;
}

export const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

/** The environment for npm and Node.js in the project: none of the npm settings of a surrounding `npm run`. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of Object.keys(env))
    if (/^npm_/i.test(name) && !/^npm_config_(cache|userconfig)$/i.test(name)) delete env[name];
  return env;
}

/** The package's dependencies (and theirs) as the repository's lock has them, for the project's own lock. */
function lockedDependencies(rootLock: Record<string, LockEntry>, names: string[]): Record<string, LockEntry> {
  const entries: Record<string, LockEntry> = {};
  const visit = (name: string, from: string) => {
    const nested = `${from}/node_modules/${name}`;
    const location = from && rootLock[nested] ? nested : `node_modules/${name}`;
    if (entries[location]) return;
    const locked = rootLock[location];
    if (!locked) throw new Error(`package-lock.json has no ${name}; run npm install`);
    const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...entry } = locked;
    entries[location] = entry;
    for (const dependency of Object.keys(locked.dependencies ?? {})) visit(dependency, location);
  };
  for (const name of names) visit(name, '');
  return entries;
}

/** How long a pack may hold the lock before another file takes it as abandoned (its run was killed). */
const STALE_LOCK_MS = 120_000;

/**
 * Runs `work` while no other test file of any run packs client/: npm pack's prepack empties and rebuilds
 * client/dist, so two at once would pack each other's half-built folder.
 */
async function whilePackingAlone<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(
    tmpdir(),
    `pais-client-pack-${createHash('sha256').update(CLIENT_DIR).digest('hex').slice(0, 12)}.lock`,
  );
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export interface InstalledClient {
  /** The consumer project, with the package in node_modules/@pais/client and its `pais` in node_modules/.bin. */
  project: string;
  /** What npm pack put in the tarball. */
  packed: { files: { path: string }[] };
  remove: () => Promise<void>;
}

/** Packs client/ and installs the tarball into a fresh project (prefix: the temporary folder's name). */
export async function installPackedClient(prefix = 'pais-client-'): Promise<InstalledClient> {
  const project = await mkdtemp(path.join(tmpdir(), prefix));
  const manifest = await readJson<Manifest>(path.join(CLIENT_DIR, 'package.json'));
  const { stdout } = await whilePackingAlone(() =>
    run('npm', ['pack', '--json', '--pack-destination', project], { cwd: CLIENT_DIR, env: childEnv() }),
  );
  // npm pack prints the build's output before its JSON.
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('[\n'))) as [InstalledClient['packed']];
  const tarball = `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`;

  const rootLock = (
    await readJson<{ packages: Record<string, LockEntry> }>(path.join(ROOT, 'package-lock.json'))
  ).packages;
  const rootManifest = await readJson<Manifest>(path.join(ROOT, 'package.json'));
  const typesNode = rootManifest.devDependencies?.['@types/node'] ?? '*';
  const consumer = {
    name: 'pais-client-consumer',
    private: true,
    type: 'module',
    dependencies: { [manifest.name]: `file:${tarball}` },
    devDependencies: { '@types/node': typesNode },
  };
  const lock = {
    name: consumer.name,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': {
        name: consumer.name,
        dependencies: consumer.dependencies,
        devDependencies: consumer.devDependencies,
      },
      [`node_modules/${manifest.name}`]: {
        version: manifest.version,
        resolved: `file:${tarball}`,
        dependencies: manifest.dependencies,
        bin: manifest.bin,
      },
      ...lockedDependencies(rootLock, [...Object.keys(manifest.dependencies ?? {}), '@types/node']),
    },
  };
  await writeFile(path.join(project, 'package.json'), JSON.stringify(consumer, null, 2));
  await writeFile(path.join(project, 'package-lock.json'), JSON.stringify(lock, null, 2));
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: project, env: childEnv() }).catch(
    (error: { stderr?: string }) => {
      throw new Error(
        `npm ci --offline failed; if npm's cache lacks a tarball (ENOTCACHED), run npm ci in the repository first.\n${error.stderr ?? ''}`,
      );
    },
  );
  return { project, packed, remove: () => rm(project, { recursive: true, force: true }) };
}

/**
 * The harness's REST door on a loopback port, for a process of its own (the door's fetch handler over HTTP).
 * A request's answer is sent once the door has answered it whole (a long poll's too).
 */
export async function serveOverHttp(handler: (request: Request) => Promise<Response>, port = 0) {
  const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value);
      const answer = await handler(
        new Request(`http://localhost${req.url ?? '/'}`, {
          method: req.method,
          headers,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        }),
      );
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(
        answer.status,
        Object.fromEntries([...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name))),
      );
      res.end(body);
    })().catch((error: unknown) => {
      // The caller went away meanwhile (a command stopped mid-poll): nobody to answer.
      if (!res.headersSent && !res.destroyed) res.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
