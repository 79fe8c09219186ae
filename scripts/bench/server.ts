// Starts a production server the way `npm start` does (scripts/start.ts: the fast REST door in front of Next.js,
// on an existing build) for a benchmark and reports its peak memory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';

export interface BenchServer {
  baseUrl: string;
  pid: number;
  /** CPU time (user + system) the server's process tree has used so far, in ms. */
  cpuMs: () => number;
  /** Peak resident memory of the server's process tree so far, in MiB (Linux VmHWM). */
  peakRssMiB: () => number;
  stop: () => Promise<void>;
  /** Kills the whole server process tree at once (SIGKILL), as a crash would. */
  kill: () => Promise<void>;
}

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

function childPids(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

function processTree(pid: number): number[] {
  return [pid, ...childPids(pid).flatMap(processTree)];
}

function peakRssKiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** User + system CPU time of one process so far, in ms (Linux /proc, clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * User + system CPU time of every PostgreSQL process of this machine so far, in ms: what the database spent,
 * so that a slower service can be told apart from one that makes the database work harder. (Backends that
 * exit between two readings take their time with them; the pools keep theirs open under load.)
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += processCpuMs(Number(entry));
    } catch {
      // gone between the listing and the read
    }
  }
  return total;
}

export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs = 60_000,
  healthPath = '/api/health',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}${healthPath}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

/**
 * A server left running on the port (an earlier bench that died) would answer the health check in place of
 * the one about to start, which then fails to listen: the figures would come from the wrong server.
 */
async function refuseTakenPort(port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is taken (a bench server left running?): free it or pass --port`)
          : error,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

export async function startBenchServer(options: {
  port: number;
  env: Record<string, string>;
  distDir: string;
  /** Extra options for the server's Node.js (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** The server's entry point: scripts/start.ts (`npm start`) unless a bench serves a part of it. */
  script?: string;
}): Promise<BenchServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  await refuseTakenPort(options.port);
  let peak = 0;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', tsxLoader, options.script ?? 'scripts/start.ts'],
    {
      env: {
        ...process.env,
        // The benchmarks migrate and seed their databases themselves.
        SKIP_MIGRATIONS: 'true',
        PORT: String(options.port),
        ...options.env,
        NODE_ENV: 'production',
        NEXT_DIST_DIR: options.distDir,
        NEXT_TELEMETRY_DISABLED: '1',
        PUBLIC_BASE_URL: baseUrl,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Sample the whole tree: Next.js may serve from a child process; VmHWM only ever grows while it lives.
  const sample = () => {
    const total = processTree(child.pid!).reduce((sum, pid) => sum + peakRssKiB(pid), 0);
    peak = Math.max(peak, total);
  };
  const sampler = setInterval(sample, 200);
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    pid: child.pid!,
    cpuMs: () => processTree(child.pid!).reduce((sum, pid) => sum + processCpuMs(pid), 0),
    peakRssMiB: () => {
      sample();
      return Math.round(peak / 1024);
    },
    kill: async () => {
      clearInterval(sampler);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      for (const pid of processTree(child.pid!).reverse()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await exited;
    },
    stop: async () => {
      sample();
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Builds the app into distDir unless a build is already there (benchmarks use their own build folder). */
export async function ensureBuild(distDir: string, rebuild = false): Promise<void> {
  if (!rebuild && fs.existsSync(`${distDir}/BUILD_ID`)) return;
  console.log(`building the app into ${distDir} …`);
  const child = spawn(process.execPath, [nextBin, 'build'], {
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`next build failed with code ${code}`);
}
