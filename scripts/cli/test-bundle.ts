// The operator scripts as the container image runs them: once per test run (Vitest's globalSetup,
// vitest.global-setup.ts) scripts/cli.ts, start.ts and migrate.ts are bundled with the Dockerfile's esbuild
// command, for the running Node.js's major version, and the CLI tests run `node <bundle>/cli.mjs` instead of
// compiling the sources with tsx in every child process (scripts/cli/test-cli.ts). The bundle lies two folders
// deep in the project, like the image's dist/server, because code resolves ../../next.config.js from where it
// runs and the packages from node_modules; one folder per run (.test-build/server-<pid>, git-ignored), removed
// at the end of the run. The workers find it through the environment variable, which they inherit.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const SCRIPTS_BUNDLE_VARIABLE = 'PAIS_TEST_SCRIPTS_BUNDLE';

const BUILD_DIR = path.resolve('.test-build');
const PREFIX = 'server-';

/** Bundles the scripts; returns the function that removes the bundle. */
export async function bundleScripts(): Promise<() => void> {
  removeAbandonedBundles();
  const outdir = path.join(BUILD_DIR, `${PREFIX}${process.pid}`);
  await promisify(execFile)(path.resolve('node_modules/.bin/esbuild'), [
    'scripts/start.ts',
    'scripts/cli.ts',
    'scripts/migrate.ts',
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--packages=external',
    `--target=node${process.versions.node.split('.')[0]}`,
    `--outdir=${outdir}`,
    '--out-extension:.js=.mjs',
    '--log-level=warning',
  ]);
  process.env[SCRIPTS_BUNDLE_VARIABLE] = outdir;
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}

/** The bundle of a script (`cli`, `start`, `migrate`), when globalSetup made one. */
export function bundledScript(script: string): string | undefined {
  const dir = process.env[SCRIPTS_BUNDLE_VARIABLE];
  const file = dir && path.join(dir, `${script}.mjs`);
  return file && fs.existsSync(file) ? file : undefined;
}

/** Bundles of runs that ended without removing theirs (killed): their process is gone. */
function removeAbandonedBundles(): void {
  if (!fs.existsSync(BUILD_DIR)) return;
  for (const name of fs.readdirSync(BUILD_DIR)) {
    const pid = Number(name.slice(PREFIX.length));
    if (!name.startsWith(PREFIX) || !Number.isInteger(pid) || isRunning(pid)) continue;
    fs.rmSync(path.join(BUILD_DIR, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
