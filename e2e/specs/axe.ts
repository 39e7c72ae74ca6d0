import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the bar every screen is held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line of a violation: rule, impact, help, and a few of the elements it found. */
const oneLine = (v: Violation) => {
  const where = v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${n.any[0]?.message ?? n.failureSummary ?? ''})`);
  return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}: ${v.nodes.length} × ${where.join(' | ')}`;
};

/**
 * Waits (at most 2 s) for the page's transitions and finite animations to end: axe reads colours as
 * drawn, and a toast caught fading in read as a contrast failure (#f4f4f4 on white). Endless ones (a
 * loader's spin) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

/** The page's axe-core violations of WCAG 2.1 AA, one line each with a few of the elements it found. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map(oneLine);
}

/**
 * Fails when the page as it stands has a WCAG 2.1 AA violation (axe-core) of impact serious or
 * critical (issue 35's bar for every page), naming each rule, its impact and where; or lacks its
 * own title or its one h1.
 */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map(oneLine), `${what}: serious or critical WCAG 2.1 AA violations (axe-core)`).toEqual([]);
  await expect(page, `${what}: the page's own title`).toHaveTitle(/^\S.* · Freightdesk$/);
  await expect(page.locator('h1'), `${what}: one h1`).toHaveCount(1);
}

/**
 * Fails the journey when the page as it stands breaks WCAG 2.1 AA (axe-core), naming each rule and
 * where, or lacks its own title (2.4.2: "<page> · Freightdesk") or its one h1.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), `${what}: WCAG 2.1 AA (axe-core)`).toEqual([]);
  await expect(page, `${what}: the page's own title`).toHaveTitle(/^\S.* · Freightdesk$/);
  await expect(page.locator('h1'), `${what}: one h1`).toHaveCount(1);
}
