// Reads a V8 .cpuprofile: self time per function and per package, so a profile can be read in a terminal.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileRow {
  name: string;
  where: string;
  selfMs: number;
  percent: number;
}

/** Where a script lives, shortened to its package (node_modules/<pkg>) or its folder in the app. */
function packageOf(url: string): string {
  if (!url) return '(native / V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node: built-ins';
  const chunks = url.indexOf('/server/chunks/');
  if (chunks >= 0) return '(app bundle) server/chunks';
  return (
    url
      .replace(/^file:\/\//, '')
      .split('/')
      .slice(-2, -1)[0] ?? url
  );
}

/**
 * Self time per function and package. `fromUs` (CLOCK_MONOTONIC in µs, the clock of V8's sample times and of
 * process.hrtime) leaves out what came before it: start-up, module loading and the warm-up load.
 */
export function summariseCpuProfile(profile: CpuProfile, top = 60, fromUs = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  let firstUs: number | undefined;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromUs) return;
    firstUs ??= at - delta;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const totalUs = profile.endTime - (firstUs ?? profile.startTime);
  const rows = new Map<string, ProfileRow & { us: number }>();
  const packages = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idleUs += us;
    const name = functionName || '(anonymous)';
    const where = `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    const key = `${name}@${where}`;
    const row = rows.get(key) ?? { name, where, selfMs: 0, percent: 0, us: 0 };
    row.us += us;
    rows.set(key, row);
    const pkg =
      functionName === '(idle)' ? '(idle)' : functionName === '(garbage collector)' ? '(gc)' : packageOf(url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const pct = (us: number) => Math.round((us / totalUs) * 1000) / 10;
  return {
    totalMs: totalUs / 1000,
    idlePercent: pct(idleUs),
    top: [...rows.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ us, ...row }) => ({ ...row, selfMs: Math.round(us / 1000), percent: pct(us) })),
    byPackage: [...packages.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, where: '', selfMs: Math.round(us / 1000), percent: pct(us) })),
  };
}
