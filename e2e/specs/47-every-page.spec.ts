import type { AppRoute } from '@freightdesk/shared/routes';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { login } from './helpers.ts';
import { type SweepIds, sweepData } from './sweep-data.ts';
import { addressOf, publicRoutes, routesOf, type SweepUser } from './sweep-pages.ts';

/**
 * Issue 35, done when: every page of the app's route table (sweep-pages.ts says which, as whom,
 * and the two it leaves out and why), once its data has loaded, at 1366 × 768 and at 360 × 740:
 * no serious or critical WCAG 2.1 AA violation (axe-core), its own title and one h1; at 360 px the
 * page does not scroll sideways (a table scrolling inside its own box may). Each user logs in
 * once; a page is a hash navigation.
 */

const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 360, height: 740 };

/** Calls the page has out (fetch and XHR; a socket or a stream of events is not one). */
function watchCalls(page: Page) {
  let open = 0;
  const done = (r: { resourceType: () => string }) => {
    if (['fetch', 'xhr'].includes(r.resourceType())) {
      open = Math.max(0, open - 1);
    }
  };
  page.on('request', (r) => {
    if (['fetch', 'xhr'].includes(r.resourceType())) {
      open += 1;
    }
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

const LOADING = '.mantine-Loader-root:visible, .mantine-Skeleton-root:visible';

/**
 * Waits until the page's data has loaded: an h1, then no call out and no loader or skeleton shown
 * for 150 ms running (a page still loading after 15 s fails on its loader).
 */
async function settle(page: Page, openCalls: () => number) {
  await expect(page.locator('h1').first()).toBeVisible();
  let quietSince = Date.now();
  for (const end = Date.now() + 15_000; Date.now() < end; await page.waitForTimeout(50)) {
    if (openCalls() > 0 || (await page.locator(LOADING).count()) > 0) {
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= 150) {
      return;
    }
  }
  await expect(page.locator(LOADING), 'the page is still loading').toHaveCount(0, { timeout: 0 });
}

/** When the page scrolls sideways: its width, and the elements reaching furthest right (for the failure message). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth <= clientWidth) {
      return [];
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}.${String(el.className).split(' ').slice(0, 2).join('.')}`;
    const out = Array.from(document.body.querySelectorAll('*'))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > clientWidth + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map((x) => `${name(x.el)} (right ${Math.round(x.right)}; in ${x.el.parentElement ? name(x.el.parentElement) : '-'})`);
    return [`scrollWidth ${scrollWidth} > ${clientWidth}`, ...out];
  });

/** A logged-out session opens each page afresh, as a link from outside does (a public link has a bundle of its own). */
type Session = { page: Page; openCalls: () => number; fresh: boolean };

async function open(s: Session, address: string, size: typeof WIDE) {
  await s.page.setViewportSize(size);
  if (s.fresh) {
    await s.page.goto('about:blank');
  }
  await s.page.goto(`/#${address}`);
  await settle(s.page, s.openCalls);
}

/** One page at both widths: axe-core, title and h1 at each, and no sideways scroll at 360 px. */
async function checkPage(s: Session, address: string) {
  await open(s, address, WIDE);
  await expectNoSeriousViolations(s.page, `${address} at 1366 px`);
  await s.page.setViewportSize(PHONE);
  await settle(s.page, s.openCalls);
  await expectNoSeriousViolations(s.page, `${address} at 360 px`);
  expect(await overflowing(s.page), `${address} at 360 px scrolls sideways`).toEqual([]);
}

async function session(browser: Browser, user?: SweepUser): Promise<Session> {
  const page = await (await browser.newContext()).newPage();
  const openCalls = watchCalls(page);
  if (user) {
    await login(page, user);
  }
  return { page, openCalls, fresh: !user };
}

let data: SweepIds;
test.beforeAll(async ({ request }) => {
  test.setTimeout(3 * 60_000);
  data = await sweepData(request);
});

/**
 * Pages per `test`. The test command's shards split the run by count of tests: a test per page
 * (190) would leave every journey in one shard and the sweep alone in the other.
 */
const GROUP = 8;

/** Checks each page of a group as a step named by its path; every page is checked, every failure listed. */
async function checkGroup(s: Session, routes: AppRoute[]) {
  const failures: string[] = [];
  for (const route of routes) {
    await test.step(route.path, async () => {
      const address = addressOf(route, data);
      await checkPage(s, address).catch((e: Error) => {
        failures.push(`${route.path}: ${e.message}`);
      });
    });
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

/** The pages of `routes` as `user` (none: logged out), a `test` per group named by its pages' paths. */
function sweep(user: SweepUser | undefined, routes: AppRoute[]) {
  let s: Session;
  test.beforeAll(async ({ browser }) => {
    s = await session(browser, user);
  });
  test.afterAll(async () => {
    await s?.page.context().close();
  });
  for (let i = 0; i < routes.length; i += GROUP) {
    const group = routes.slice(i, i + GROUP);
    test(group.map((r) => r.path).join(' · '), async () => {
      test.setTimeout(GROUP * 45_000);
      await checkGroup(s, group);
    });
  }
}

test.describe('public pages', () => sweep(undefined, publicRoutes()));
test.describe('the demo shipper owner', () => sweep('owner@demo.test', routesOf('owner@demo.test')));
test.describe('the demo carrier', () => sweep('carrier@demo.test', routesOf('carrier@demo.test')));
test.describe('the demo platform admin', () => sweep('admin@demo.test', routesOf('admin@demo.test')));
