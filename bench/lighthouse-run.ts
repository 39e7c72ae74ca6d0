import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { BenchPage } from './lighthouse.ts';

/** One Lighthouse run's figures (or their medians). */
export type PageFigures = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scripts: number;
  scriptKb: number;
  /** Lighthouse's measure of this machine's CPU (about 1000+ on a desktop; lower on a busy one). */
  benchmarkIndex: number;
  /** Page.getInstallabilityErrors: empty when Chromium would offer to install the app. */
  installErrors: string[];
  /** What Lighthouse says costs most (its opportunities and diagnostics with a saving or a time). */
  topCosts: string[];
  /** The page's own data call answered 200 during the run. */
  dataLoaded: boolean;
};

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; displayValue?: string; details?: { type?: string; items?: unknown[] } }
  >;
  environment: { benchmarkIndex: number };
};

/** Debian's Chromium (CHROME_PATH, else /usr/bin/chromium) driven by chrome-launcher, with puppeteer on its port. */
export async function launchBrowser(): Promise<Browser & { port: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const close = browser.close.bind(browser);
  return Object.assign(browser, {
    port: chrome.port,
    close: async () => {
      await close().catch(() => undefined);
      chrome.kill();
    },
  });
}

/** Logs `email` in through the login page (the session lands in localStorage as the app keeps it). */
async function logIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/#/login`, { waitUntil: 'load' });
  await page.evaluate(() => localStorage.clear());
  await page.reload({ waitUntil: 'load' });
  await page.locator('::-p-aria([name="Email or mobile"][role="textbox"])').fill(email);
  await page.locator('::-p-aria([name="Password"][role="textbox"])').fill('Demo@12345');
  await page.locator('::-p-aria([name="Log in"][role="button"])').click();
  await page.waitForFunction(() => localStorage.getItem('token') && !window.location.hash.startsWith('#/login'), { timeout: 60_000 });
}

type Request = { url: string; statusCode: number; resourceType?: string; transferSize?: number };

/** Scripts fetched (count, kB over the wire), and whether the page's data call answered 200. */
function requestFigures(lhr: Lhr, dataCall: RegExp) {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as Request[];
  const scripts = items.filter((r) => r.resourceType === 'Script');
  return {
    scripts: scripts.length,
    scriptKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    dataLoaded: items.some((r) => dataCall.test(new URL(r.url).pathname + new URL(r.url).search) && r.statusCode === 200),
  };
}

/** The costliest of Lighthouse's findings that failed: opportunities by saving, then main-thread diagnostics. */
function topCosts(lhr: Lhr): string[] {
  const ids = [
    'render-blocking-resources',
    'unused-javascript',
    'unminified-javascript',
    'unused-css-rules',
    'font-display',
    'bootup-time',
    'mainthread-work-breakdown',
    'long-tasks',
    'server-response-time',
    'largest-contentful-paint-element',
    'total-byte-weight',
    'critical-request-chains',
  ];
  return ids
    .map((id) => lhr.audits[id])
    .filter((a): a is NonNullable<typeof a> => a !== undefined && a.score !== null && a.score < 0.9)
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`)
    .slice(0, 6);
}

/**
 * Chromium's installability errors for the app (Page.getInstallabilityErrors), asked once its page
 * has loaded again after Lighthouse (the manifest is linked from the one document every page shares).
 */
async function installErrors(page: Page, base: string): Promise<string[]> {
  await page.goto(`${base}/`, { waitUntil: 'load', timeout: 120_000 });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const cdp = await page.createCDPSession();
  const answer = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  await cdp.detach();
  return answer.installabilityErrors.map((e) => e.errorId);
}

/**
 * One cold Lighthouse run of `bench` (mobile preset, simulated throttling): Lighthouse clears the
 * HTTP cache, service workers and Cache Storage before loading (not localStorage, the session).
 */
export async function measurePage(browser: Browser & { port: number }, base: string, bench: BenchPage): Promise<PageFigures> {
  const page = await browser.newPage();
  try {
    if (bench.login) {
      await logIn(page, base, bench.login);
    }
    const url = `${base}/${bench.hash}`;
    const result = await lighthouse(
      url,
      {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // A kept trace carries V8's samples too, for bench:trace-tasks to name the functions in each
        // long task (they cost a little time, so only when the trace is kept).
        ...(process.env.LIGHTHOUSE_SAVE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
      },
      undefined,
      page,
    );
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) {
      throw new Error(`Lighthouse gave no result for ${url}`);
    }
    if (process.env.LIGHTHOUSE_SAVE) {
      await mkdir(process.env.LIGHTHOUSE_SAVE, { recursive: true });
      // LIGHTHOUSE_SAVE=<folder>: each run's full report (JSON) is kept there for a closer look.
      const name = path.join(process.env.LIGHTHOUSE_SAVE, `${bench.name.replace(/\W+/g, '-')}-${Date.now()}`);
      await writeFile(`${name}.json`, JSON.stringify(lhr));
      // and its trace (open it in the DevTools Performance panel): what ran in each long task.
      const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace) {
        await writeFile(`${name}.trace.json`, JSON.stringify(trace));
      }
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      ...requestFigures(lhr, bench.dataCall),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      installErrors: await installErrors(page, base),
      topCosts: topCosts(lhr),
    };
  } finally {
    await page.close();
  }
}
