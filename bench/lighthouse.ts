// Benchmark: Lighthouse on a mid-range phone (issue 35): Performance >= 80 and Accessibility >= 95
// on the pages a user opens most, cold, in Debian's Chromium (never a downloaded browser).
// Run: npm run build && npm run bench:lighthouse
// Options: --runs N (3; the figures are the median of N)   --port P (8720)   --tsx (the API from its sources)
//          --only <page name> (one page of PAGES)           --keep-data (keep the database folder)
//
// The built app (apps/web/dist, or WEB_DIST) is served by the API on a fresh embedded database with the
// demo data, as `npm start` runs it. For each page the demo user logs in through the login page in one
// Chromium (its session is in localStorage, which Lighthouse keeps), then Lighthouse loads the page's
// hash address with its mobile preset (Moto G Power class phone, simulated slow 4G and 4x CPU) after
// clearing the HTTP cache, service worker and Cache Storage: a cold load. A run counts only if the
// page's own data call answered 200 (the score is of that page with its data, not of a redirect or a
// spinner). Installability is asked of Chromium through the DevTools protocol.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginWithDemoPassword, startApiServer } from './api-server.ts';
import { launchBrowser, measurePage, type PageFigures } from './lighthouse-run.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name: string) => (argv.indexOf(`--${name}`) >= 0 ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
const runs = Number(opt('runs') ?? 3);
const port = Number(opt('port') ?? 8720);

export const TARGET = { performance: 80, accessibility: 95 } as const;

/** A page measured: its hash address, who opens it, and the API call that brings its own data. */
export type BenchPage = { name: string; hash: string; login: string; dataCall: RegExp };

/**
 * The pages measured, with the call that brings each one's data (`login: ''`: a public page, no
 * login). The driver's trip page is added at the run with a link made then (`tripPage`).
 */
export const PAGES: BenchPage[] = [
  { name: 'carrier orders', hash: '#/carrier/orders', login: 'carrier@demo.test', dataCall: /\/api\/carrier\/orders(\?|$)/ },
  { name: 'gate board', hash: '#/gate-in-out/outbound', login: 'owner@demo.test', dataCall: /\/api\/gate\/outbound(\?|$)/ },
  { name: 'shipper dashboard', hash: '#/dashboard', login: 'owner@demo.test', dataCall: /\/api\/dashboard(\?|$)/ },
];

/**
 * The driver's trip page (a public page the driver opens from a message): the demo carrier makes a
 * trip link for the first of its orders that takes one (a vehicle assigned, not yet over).
 */
async function tripPage(base: string): Promise<BenchPage> {
  const token = await loginWithDemoPassword(base, 'carrier@demo.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${base}/api/carrier/orders?pageSize=50`, { headers })).json()) as { data: { id: number }[] };
  for (const order of list.data) {
    const res = await fetch(`${base}/api/carrier/orders/${order.id}/driver-link`, { method: 'POST', headers, body: '{}' });
    if (res.status === 201) {
      const link = ((await res.json()) as { data: { token: string } }).data;
      return { name: 'driver trip', hash: `#/trip/${link.token}`, login: '', dataCall: /\/api\/trip\/[\w-]+(\?|$)/ };
    }
  }
  throw new Error('no order of the demo carrier takes a trip link (a vehicle assigned, not over)');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** The median of each figure over the runs (each figure on its own). */
function medianOf(list: PageFigures[]): PageFigures {
  const pick = (f: (p: PageFigures) => number) => median(list.map(f));
  return {
    performance: pick((p) => p.performance),
    accessibility: pick((p) => p.accessibility),
    lcpMs: pick((p) => p.lcpMs),
    tbtMs: pick((p) => p.tbtMs),
    cls: pick((p) => p.cls),
    scripts: pick((p) => p.scripts),
    scriptKb: pick((p) => p.scriptKb),
    benchmarkIndex: pick((p) => p.benchmarkIndex),
    installErrors: list.at(-1)?.installErrors ?? [],
    topCosts: list.at(-1)?.topCosts ?? [],
    dataLoaded: list.every((p) => p.dataLoaded),
  };
}

function printRow(page: BenchPage, f: PageFigures): boolean {
  const ok = f.performance >= TARGET.performance && f.accessibility >= TARGET.accessibility && f.dataLoaded;
  console.log(
    [
      page.name.padEnd(18),
      `Perf ${String(f.performance).padStart(3)}`,
      `A11y ${String(f.accessibility).padStart(3)}`,
      `LCP ${(f.lcpMs / 1000).toFixed(1)} s`,
      `TBT ${Math.round(f.tbtMs)} ms`,
      `CLS ${f.cls.toFixed(3)}`,
      `${f.scripts} scripts ${Math.round(f.scriptKb)} kB`,
      `installable ${f.installErrors.length === 0 ? 'yes' : `no (${f.installErrors.join('; ')})`}`,
      `CPU index ${Math.round(f.benchmarkIndex)}`,
      f.dataLoaded ? '' : 'DATA NOT LOADED',
      ok ? 'ok' : 'MISSED',
    ].join('  '),
  );
  console.log(`  top costs: ${f.topCosts.join('; ') || 'none flagged'}`);
  return ok && f.installErrors.length === 0;
}

async function main() {
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'freightdesk-lh-'));
  const api = await startApiServer({ DATA_DIR: dataDir, WEB_DIST: webDist, DEMO_DATA: '1' }, { tsx: argv.includes('--tsx'), port });
  const browser = await launchBrowser();
  const only = opt('only');
  let allOk = true;
  try {
    console.log(
      `Lighthouse ${runs} cold runs per page, mobile preset (simulated throttling), ${api.base}; load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`target: Performance >= ${TARGET.performance}, Accessibility >= ${TARGET.accessibility}, installable`);
    const pages = [...PAGES, await tripPage(api.base)];
    for (const page of pages.filter((p) => !only || p.name === only)) {
      const list: PageFigures[] = [];
      for (let i = 0; i < runs; i++) {
        list.push(await measurePage(browser, api.base, page));
      }
      allOk = printRow(page, medianOf(list)) && allOk;
    }
  } finally {
    await browser.close();
    await api.stop();
    if (!argv.includes('--keep-data')) {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (!allOk) {
    console.log('a target was missed');
    process.exitCode = 1;
  }
}

await main();
