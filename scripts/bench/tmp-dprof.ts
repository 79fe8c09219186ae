import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createDatabase } from '@/server/platform/db/client';
import { freshPostgresDatabase, seedQuestionnaire } from './fixtures';
import { measureDispatch } from './dispatch';
import { summariseCpuProfile, type CpuProfile } from './cpu-profile';

const session = new Session();
session.connect();
const fresh = await freshPostgresDatabase('postgresql://postgres@127.0.0.1:5432/postgres', 'pais_dprof');
const seeded = await seedQuestionnaire(fresh.url);
const database = createDatabase(fresh.url, 10);
const n = Number(process.argv[2] ?? 4000);
let t0 = 0n;
const cpuStat = () => fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
const pgCpu = () => { let t = 0; for (const pid of fs.readdirSync('/proc')) { if (!/^\d+$/.test(pid)) continue; try { const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); if (!st.includes('(postgres)')) continue; const f = st.slice(st.lastIndexOf(')') + 2).split(' '); t += Number(f[11]) + Number(f[12]); } catch {} } return t; };
let s0: number[] = []; let pg0 = 0;
import pg from 'pg';
const statClient = new pg.Client({ connectionString: fresh.url }); await statClient.connect();
const xacts = async () => { await new Promise((r) => setTimeout(r, 1100)); return Number((await statClient.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit); };
let x0 = 0;
const noProfile = process.env.NOPROF === '1';
x0 = await xacts();
const figures = await measureDispatch(database.prisma, seeded.questionnaireId, n, {
  onDispatchStart: () => {
    void 0;
    t0 = process.hrtime.bigint() / 1000n;
    s0 = cpuStat(); pg0 = pgCpu();
    if (!noProfile) void session.post('Profiler.enable').then(() => session.post('Profiler.start'));
  },
  onDispatchEnd: async () => {
    console.log('xacts per delivery', ((await xacts()) - x0) / n);
    const s1 = cpuStat(); const d = s1.map((v, i) => v - s0[i]!); const tot = d.reduce((a, b) => a + b, 0);
    console.log(JSON.stringify({ machineIdlePct: Math.round((d[3]! / tot) * 100), pgCpuMsPerDelivery_x1000: Math.round(((pgCpu() - pg0) * 10 * 1000) / n) }));
    if (noProfile) return;
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync('/tmp/dprof.cpuprofile', JSON.stringify(profile));
    const s = summariseCpuProfile(profile as unknown as CpuProfile, 45, Number(t0));
    console.log(JSON.stringify({ totalMs: s.totalMs, idle: s.idlePercent, byPackage: s.byPackage.slice(0, 15) }, null, 1));
    for (const r of s.top) console.log(r.percent.toFixed(1).padStart(5), r.name, r.where);
  },
});
console.log(JSON.stringify(figures));
await database.close();
await fresh.drop();
process.exit(0);
