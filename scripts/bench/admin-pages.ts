// Admin page speed: first contentful paint and time to interactive of every Admin page,
// first visit (cold browser cache) and repeat visit, on PostgreSQL behind N participants with a realistic
// history (outcomes, results, deliveries, audit entries), served by a production build as `npm start` serves
// it, in Debian's Chromium through Playwright.
//
// Time to interactive (TTI), concretely: from the start of the navigation to the latest of
//   - the load event's end (HTML, scripts and styles loaded and run),
//   - the end of the last Admin tRPC response the page asked for (the page's data has arrived),
//   - the end of the last long task (≥ 50 ms on the main thread: hydration, rendering the data),
//   - the last node added to or removed from <main> (the data on screen),
// taken once none of these has happened for QUIET_MS, no tRPC request is in flight and no loading
// placeholder (a role=status element with a spinner or skeleton) is left. It is Lighthouse's TTI (last long
// task before a quiet window) with the page's own data added and a shorter window.
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import pg from 'pg';
import { createDatabase } from '@/server/platform/db/client';
import { deployMigrations } from '@/server/platform/db/migrations/migrator';
import { configureWebhook } from '@/server/webhooks/config';
import { createSecretBox } from '@/server/platform/crypto/secret-box';
import { seedParticipants } from './admin-list';
import { seedOverviewData } from './overview';
import { freshPostgresDatabase, seedQuestionnaire } from './fixtures';
import { ensureBuild, startBenchServer } from './server';
import { recordBenchResult } from './benchmarks-doc';

const TTI_TARGET_MS = 1_000;
const QUIET_MS = 500;
const PAGE_TIMEOUT_MS = 60_000;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-123' };
// A throw-away database kept between runs (--bench-db) must open with the same secret it was sealed with.
const APP_SECRET = 'admin-pages-bench-secret-not-for-production-0123456789';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface VisitFigures {
  fcpMs: { p50: number; max: number };
  ttiMs: { p50: number; max: number };
  /** Time to the HTML's first byte: the server rendering the route (layout and page queries). */
  ttfbMs: number;
  /** The load event's end: HTML, scripts and styles loaded and run (hydration under way or done). */
  loadMs: number;
  /** When the page asked for its first data (tRPC), after hydration. */
  dataStartMs: number;
  /** From the first tRPC request's start to the last one's end (the page's data, browser-side). */
  dataMs: number;
  trpcRequests: number;
  /** Main-thread long tasks added up (hydration, rendering). */
  longTasksMs: number;
  /** Script bytes fetched over the network (0 when the cache had them). */
  scriptKiB: number;
  /** Visits not interactive within PAGE_TIMEOUT_MS: counted at that time in FCP and TTI. */
  timeouts: number;
}

interface PageFigures {
  page: string;
  path: string;
  first: VisitFigures;
  repeat: VisitFigures;
}

interface AdminPagesFigures {
  database: 'postgresql';
  participants: number;
  auditEntries: number;
  seedSeconds: number;
  samples: number;
  pages: PageFigures[];
  slowestTtiP50Ms: number;
  slowestTtiMaxMs: number;
}

interface Sample {
  fcp: number;
  tti: number;
  ttfb: number;
  load: number;
  dataStart: number;
  data: number;
  trpc: number;
  longTasks: number;
  scriptBytes: number;
  timedOut?: boolean;
}

/** Installed in every page before its own scripts: records paints, long tasks, tRPC requests and changes to <main>. */
function instrument() {
  const state = {
    fcp: 0,
    longTasks: [] as [number, number][],
    inflight: 0,
    trpc: [] as [number, number][],
    lastMutation: 0,
  };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') state.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = original(input, init);
    if (!url.includes('/api/trpc')) return response;
    const started = performance.now();
    state.inflight++;
    void response
      .then((r) => r.clone().arrayBuffer())
      .catch(() => undefined)
      .finally(() => {
        state.inflight--;
        state.trpc.push([started, performance.now()]);
      });
    return response;
  };
  const observe = () => {
    const main = document.getElementById('main');
    if (!main) return false;
    new MutationObserver(() => {
      state.lastMutation = performance.now();
    }).observe(main, { childList: true, subtree: true });
    return true;
  };
  if (!observe()) document.addEventListener('DOMContentLoaded', observe, { once: true });
}

interface PageState {
  now: number;
  fcp: number;
  loadEnd: number;
  ttfb: number;
  inflight: number;
  trpc: [number, number][];
  longTasks: [number, number][];
  lastMutation: number;
  placeholders: number;
  scriptBytes: number;
}

function readState(): PageState {
  const bench = (
    window as unknown as {
      __bench: Omit<PageState, 'now' | 'loadEnd' | 'ttfb' | 'placeholders' | 'scriptBytes'>;
    }
  ).__bench;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (r) => r.initiatorType === 'script',
  );
  const main = document.getElementById('main');
  const placeholders = main
    ? [...main.querySelectorAll('[role=status]')].filter((s) =>
        s.querySelector('.animate-pulse, .animate-spin'),
      ).length
    : 0;
  return {
    now: performance.now(),
    fcp: bench.fcp,
    loadEnd: navigation?.loadEventEnd ?? 0,
    ttfb: navigation?.responseStart ?? 0,
    inflight: bench.inflight,
    trpc: bench.trpc,
    longTasks: bench.longTasks,
    lastMutation: bench.lastMutation,
    placeholders,
    scriptBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
  };
}

/**
 * A visit that did not finish within PAGE_TIMEOUT_MS counts as that long (FCP too, when it had none), so one
 * page that hangs is a figure of the run instead of its end.
 */
async function visitOrTimeout(page: Page, url: string): Promise<Sample> {
  try {
    return await visit(page, url);
  } catch (error) {
    console.log(`  ${url}: ${(error as Error).message.split('\n')[0]}`);
    const fcp = await page
      .evaluate(() => (window as unknown as { __bench?: { fcp: number } }).__bench?.fcp ?? 0)
      .catch(() => 0);
    const t = PAGE_TIMEOUT_MS;
    return {
      fcp: fcp || t,
      tti: t,
      ttfb: t,
      load: t,
      dataStart: 0,
      data: 0,
      trpc: 0,
      longTasks: 0,
      scriptBytes: 0,
      timedOut: true,
    };
  }
}

/** Opens `url` in `page` and waits until it is interactive (see the top of this file). */
async function visit(page: Page, url: string): Promise<Sample> {
  const response = await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${page.url()}`);
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  for (;;) {
    const s = await page.evaluate(readState);
    const busyUntil = Math.max(
      s.loadEnd,
      s.lastMutation,
      ...s.trpc.map(([, end]) => end),
      ...s.longTasks.map(([, end]) => end),
    );
    if (s.loadEnd > 0 && s.inflight === 0 && s.placeholders === 0 && s.now - busyUntil >= QUIET_MS) {
      const starts = s.trpc.map(([start]) => start);
      return {
        fcp: s.fcp,
        tti: busyUntil,
        ttfb: s.ttfb,
        load: s.loadEnd,
        dataStart: starts.length ? Math.min(...starts) : 0,
        data: starts.length ? Math.max(...s.trpc.map(([, end]) => end)) - Math.min(...starts) : 0,
        trpc: s.trpc.length,
        longTasks: s.longTasks.reduce((sum, [start, end]) => sum + end - start, 0),
        scriptBytes: s.scriptBytes,
      };
    }
    if (Date.now() > deadline) throw new Error(`${url} was not interactive within ${PAGE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2;
};
const round = (n: number) => Math.round(n);

function summarise(samples: Sample[]): VisitFigures {
  return {
    fcpMs: {
      p50: round(median(samples.map((s) => s.fcp))),
      max: round(Math.max(...samples.map((s) => s.fcp))),
    },
    ttiMs: {
      p50: round(median(samples.map((s) => s.tti))),
      max: round(Math.max(...samples.map((s) => s.tti))),
    },
    ttfbMs: round(median(samples.map((s) => s.ttfb))),
    loadMs: round(median(samples.map((s) => s.load))),
    dataStartMs: round(median(samples.map((s) => s.dataStart))),
    dataMs: round(median(samples.map((s) => s.data))),
    trpcRequests: round(median(samples.map((s) => s.trpc))),
    longTasksMs: round(median(samples.map((s) => s.longTasks))),
    scriptKiB: round(median(samples.map((s) => s.scriptBytes)) / 1024),
    timeouts: samples.filter((s) => s.timedOut).length,
  };
}

interface BenchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A database on `serverUrl` named `name` that is kept between runs (created when missing). */
async function keptPostgresDatabase(serverUrl: string, name: string): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => Promise.resolve() };
}

interface SeededHistory {
  questionnaireId: string;
  participantId: string;
  participants: number;
  auditEntries: number;
  seedSeconds: number;
}

/**
 * The questionnaire of the Admin-list and overview figures (participants with one attempt each, a third with
 * an outcome, a tenth with a result, a day of webhook deliveries), plus what else an Admin's pages show:
 * an audit entry per creation and per outcome, a few call-blocked numbers, a configured webhook. A database
 * seeded before is grown to `participants`, not seeded again.
 */
async function seedHistory(databaseUrl: string, participants: number): Promise<SeededHistory> {
  const started = performance.now();
  await deployMigrations(databaseUrl);
  const database = createDatabase(databaseUrl, 2);
  try {
    const db = database.prisma;
    let existing = await db.questionnaire.findFirst({
      orderBy: { createdAt: 'asc' },
      select: { id: true, tenantId: true },
    });
    if (!existing) {
      const seeded = await seedQuestionnaire(databaseUrl);
      existing = { id: seeded.questionnaireId, tenantId: seeded.tenantId };
      await configureWebhook(
        db,
        existing.id,
        // Nothing listens there: the scheduler is off and no delivery is sent.
        { url: 'http://127.0.0.1:3499/admin-pages' },
        { settings: { secretBox: createSecretBox(APP_SECRET), allowPrivateUrls: true } },
      );
      await db.blockedPhoneNumber.createMany({
        data: Array.from({ length: 20 }, (_, i) => ({
          questionnaireId: existing!.id,
          phoneNumber: `+1202555${String(i).padStart(4, '0')}`,
        })),
      });
    }
    const questionnaireId = existing.id;
    const have = await db.participant.count({ where: { questionnaireId } });
    if (have < participants) {
      console.log(`  seeding participants ${have + 1} to ${participants} …`);
      await seedParticipants(db, questionnaireId, participants, have + 1);
      const key = await db.apiKey.findFirstOrThrow({ where: { questionnaireId }, select: { id: true } });
      // Creations (every participant) and outcome updates (a third), as the REST door records them.
      await db.$executeRawUnsafe(
        `INSERT INTO audit_log (id, at, actor_type, actor_id, action, target_type, target_id, tenant_id,
                                questionnaire_id, source_ip, details)
         SELECT gen_random_uuid(), p.created_at + (k || ' minutes')::interval, 'api_key', $3,
                CASE k WHEN 0 THEN 'participant.create' ELSE 'participant.outcome' END, 'participant', p.id::text,
                $2::uuid, $1::uuid, '10.0.0.' || (g % 250), '{}'::jsonb
         FROM generate_series($4::int, $5::int) g
         JOIN participant p ON p.questionnaire_id = $1::uuid AND p.irn = 'IRN-' || lpad(g::text, 8, '0')
         CROSS JOIN generate_series(0, CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END) k`,
        questionnaireId,
        existing.tenantId,
        key.id,
        have + 1,
        participants,
      );
      console.log('  outcomes, results and deliveries …');
      await seedOverviewData(db, questionnaireId);
      // As autovacuum leaves a table that only grows (its visibility map lets index-only scans skip the heap).
      await db.$executeRawUnsafe('VACUUM ANALYZE audit_log');
      await db.$executeRawUnsafe('VACUUM ANALYZE participant');
    }
    const [picked] = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT r.participant_id::text AS id FROM result r JOIN participant p ON p.id = r.participant_id
       WHERE p.questionnaire_id = $1::uuid AND p.outcome IS NOT NULL LIMIT 1`,
      questionnaireId,
    );
    const [audit] = await db.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM audit_log WHERE questionnaire_id = $1::uuid',
      questionnaireId,
    );
    return {
      questionnaireId,
      participantId: picked!.id,
      participants: Math.max(have, participants),
      auditEntries: audit?.n ?? 0,
      seedSeconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await database.close();
  }
}

/** The Admin pages an operator opens, named as the figures name them. */
function adminPages(questionnaireId: string, participantId: string): { page: string; path: string }[] {
  const q = `/admin/questionnaires/${questionnaireId}`;
  return [
    { page: 'questionnaires', path: '/admin' },
    { page: 'overview', path: q },
    { page: 'participants', path: `${q}/participants` },
    { page: 'participant', path: `${q}/participants/${participantId}` },
    { page: 'import', path: `${q}/participants/import` },
    { page: 'api-keys', path: `${q}/api-keys` },
    { page: 'call-blocking', path: `${q}/blocked-numbers` },
    { page: 'webhook + deliveries', path: `${q}/webhooks` },
    { page: 'settings', path: `${q}/settings` },
    { page: 'audit (questionnaire)', path: `${q}/audit` },
    { page: 'audit (all)', path: '/admin/audit' },
    { page: 'tenants', path: '/admin/tenants' },
    { page: 'admins', path: '/admin/admins' },
    { page: 'account', path: '/admin/account' },
  ];
}

async function signedInState(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const csrf = (await (await context.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    await context.request.post('/api/auth/callback/credentials', {
      form: { csrfToken: csrf.csrfToken, ...ADMIN, json: 'true' },
      maxRedirects: 0,
    });
    const session = (await (await context.request.get('/api/auth/session')).json()) as { adminId?: string };
    if (!session.adminId) throw new Error('the bench Admin could not sign in');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface AdminPagesRun {
  databaseUrl: string;
  participants: number;
  port: number;
  distDir: string;
  samples: number;
  /** Only the pages whose name contains one of these (all when empty). */
  pages?: string[];
}

async function measureAdminPages(run: AdminPagesRun): Promise<AdminPagesFigures> {
  const seeded = await seedHistory(run.databaseUrl, run.participants);
  console.log(
    `  ${seeded.participants} participants, ${seeded.auditEntries} audit entries (seeded in ${seeded.seedSeconds} s)`,
  );
  const server = await startBenchServer({
    port: run.port,
    distDir: run.distDir,
    env: {
      DATABASE_URL: run.databaseUrl,
      WEBHOOK_SCHEDULER: 'false',
      NEXTAUTH_SECRET: APP_SECRET,
      INTERNAL_API_TOKEN: randomBytes(24).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const browser = await chromium
    .launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  try {
    const storageState = await signedInState(browser, server.baseUrl);
    const pages = adminPages(seeded.questionnaireId, seeded.participantId).filter(
      (p) => !run.pages?.length || run.pages.some((name) => p.page.includes(name)),
    );
    const newContext = (): Promise<BrowserContext> =>
      browser
        .newContext({ storageState, viewport: { width: 1280, height: 800 } })
        .then(async (context) => (await context.addInitScript(instrument), context));
    // Warm the server (first render of each route, pools, plans): not measured.
    {
      const context = await newContext();
      const page = await context.newPage();
      for (const p of pages) await visitOrTimeout(page, `${server.baseUrl}${p.path}`);
      await context.close();
    }
    const first = new Map<string, Sample[]>(pages.map((p) => [p.page, []]));
    const repeat = new Map<string, Sample[]>(pages.map((p) => [p.page, []]));
    // Round-robin over the pages, so that a busy moment of the machine spreads over all of them.
    for (let i = 0; i < run.samples; i++) {
      for (const p of pages) {
        // A new context has an empty HTTP cache: a first visit. The same URL again in it: a repeat visit.
        const context = await newContext();
        try {
          const page = await context.newPage();
          first.get(p.page)!.push(await visitOrTimeout(page, `${server.baseUrl}${p.path}`));
          const again = await context.newPage();
          repeat.get(p.page)!.push(await visitOrTimeout(again, `${server.baseUrl}${p.path}`));
        } finally {
          await context.close();
        }
      }
      console.log(`  sample ${i + 1}/${run.samples} done`);
    }
    const figures = pages.map((p) => ({
      page: p.page,
      path: p.path.replace(seeded.questionnaireId, ':id').replace(seeded.participantId, ':participantId'),
      first: summarise(first.get(p.page)!),
      repeat: summarise(repeat.get(p.page)!),
    }));
    return {
      database: 'postgresql',
      participants: seeded.participants,
      auditEntries: seeded.auditEntries,
      seedSeconds: seeded.seedSeconds,
      samples: run.samples,
      pages: figures,
      slowestTtiP50Ms: Math.max(...figures.map((f) => f.first.ttiMs.p50)),
      slowestTtiMaxMs: Math.max(...figures.map((f) => f.first.ttiMs.max)),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The figures as one table: first and repeat visit per page, against the 1 s target. */
function adminPagesMarkdown(figures: AdminPagesFigures): string {
  const mark = (ms: number) => (ms <= TTI_TARGET_MS ? '✅' : '❌');
  return [
    `${figures.participants.toLocaleString('en')} participants, ${figures.auditEntries.toLocaleString('en')} audit entries, ` +
      `PostgreSQL; ${figures.samples} samples per page and visit (ms; TTI target ≤ ${TTI_TARGET_MS} ms at p50).`,
    '',
    '| page | first: FCP p50 / max | first: TTI p50 / max | repeat: FCP p50 / max | repeat: TTI p50 / max | TTFB | load | data from / took | long tasks | scripts |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.pages.map(
      (p) =>
        `| ${p.page} | ${p.first.fcpMs.p50} / ${p.first.fcpMs.max} | ${p.first.ttiMs.p50} / ${p.first.ttiMs.max} ${mark(p.first.ttiMs.p50)} ` +
        `| ${p.repeat.fcpMs.p50} / ${p.repeat.fcpMs.max} | ${p.repeat.ttiMs.p50} / ${p.repeat.ttiMs.max} ${mark(p.repeat.ttiMs.p50)} ` +
        `| ${p.first.ttfbMs} | ${p.first.loadMs} | ${p.first.trpcRequests ? `${p.first.dataStartMs} / ${p.first.dataMs} (${p.first.trpcRequests} req)` : '—'} ` +
        `| ${p.first.longTasksMs} | ${p.first.scriptKiB} KiB` +
        (p.first.timeouts + p.repeat.timeouts
          ? `; ${p.first.timeouts + p.repeat.timeouts} visit(s) not interactive within ${PAGE_TIMEOUT_MS} ms`
          : '') +
        ' |',
    ),
    '',
    'TTFB, load (event end), data (first tRPC request, and its duration to the last answer), long tasks and scripts are p50 of the first visit. TTI: the latest of the load event, the last tRPC',
    `response, the last long task and the last change to <main>, once ${QUIET_MS} ms pass without any of them, no`,
    'tRPC request is in flight and no loading placeholder is left (scripts/bench/admin-pages.ts).',
  ].join('\n');
}

/**
 * `npm run bench -- --only-figure admin-pages`: builds when needed, measures on a throw-away PostgreSQL
 * database (or one kept between runs, --bench-db, grown to --participants), prints and records the figures.
 */
export async function benchAdminPages(options: {
  postgres: string;
  participants: number;
  port: number;
  distDir: string;
  rebuild: boolean;
  samples: number;
  benchDb?: string;
  pages?: string;
  loadAverageAtStart: number[];
}): Promise<void> {
  await ensureBuild(options.distDir, options.rebuild);
  const database = options.benchDb
    ? await keptPostgresDatabase(options.postgres, options.benchDb)
    : await freshPostgresDatabase(options.postgres, 'pais_bench_pages');
  try {
    console.log(`== postgresql: Admin pages at ${options.participants} participants`);
    const figures = await measureAdminPages({
      databaseUrl: database.url,
      participants: options.participants,
      port: options.port,
      distDir: options.distDir,
      samples: options.samples,
      pages: options.pages?.split(',').map((p) => p.trim()),
    });
    const markdown = adminPagesMarkdown(figures);
    console.log(`\n${markdown}\n`);
    const files = recordBenchResult(
      `Admin pages (postgresql, ${figures.participants.toLocaleString('en')} participants)`,
      { loadAverageAtStart: options.loadAverageAtStart, figures, markdown },
    );
    console.log(`written: ${files.join(', ')}`);
  } finally {
    await database.drop();
  }
}
