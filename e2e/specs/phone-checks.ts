import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './axe.ts';

/** A mid-range Android phone's viewport, and the narrowest one the pages must fit. */
export const PHONE = { width: 390, height: 844 };
export const SMALL = { width: 360, height: 740 };

/** The elements past the right edge when the page scrolls sideways (none when it does not). */
export function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) {
      return [];
    }
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      .slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 50)} → ${Math.round(e.getBoundingClientRect().right)} px`);
  });
}

/** Accessible at 390 px, nothing sideways at 390 and 360 px, and a full-page screenshot at each. */
export async function phoneChecks(page: Page, testInfo: TestInfo, slug: string) {
  // A phone has no pointer resting on a button: the last click's spot would leave one in its hover colour.
  await page.mouse.move(0, 0);
  await expect.poll(() => sideways(page), { message: `${slug} scrolls sideways at 390 px` }).toEqual([]);
  await expectAccessible(page, `${slug} at 390 px`);
  await page.screenshot({ path: testInfo.outputPath(`carrier-${slug}-390.png`), fullPage: true });
  await page.setViewportSize(SMALL);
  await expect.poll(() => sideways(page), { message: `${slug} scrolls sideways at 360 px` }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`carrier-${slug}-360.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

/** A card's big button: across the card and a thumb high. */
export async function expectFullWidth(button: Locator, card: Locator) {
  const [b, c] = [await button.boundingBox(), await card.boundingBox()];
  expect(b?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(b?.width ?? 0).toBeGreaterThan((c?.width ?? 0) * 0.7);
}

/**
 * Counts, from the next document on, every use of the browser's ICU (`Intl` objects,
 * `toLocaleString`, `localeCompare`) with where it came from. A phone's first screens write numbers
 * and days without it (record 0323): its set-up is a long task on a mid-range phone.
 */
export async function watchIcu(page: Page) {
  await page.addInitScript(() => {
    const uses: string[] = [];
    Object.assign(window, { __icuUses: uses });
    const note = (what: string) => uses.push(`${what} ${(new Error().stack ?? '').split('\n').slice(3, 5).join(' < ')}`);
    for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator', 'RelativeTimeFormat', 'ListFormat'] as const) {
      const made = Intl[name] as unknown as new (...args: unknown[]) => object;
      Object.assign(Intl, {
        [name]: new Proxy(made, {
          construct: (target, args) => {
            note(`Intl.${name}`);
            return Reflect.construct(target, args);
          },
        }),
      });
    }
    const methods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [proto, method] of methods) {
      const original = (proto as Record<string, (...args: unknown[]) => unknown>)[method] as (...args: unknown[]) => unknown;
      Object.assign(proto, {
        [method](this: unknown, ...args: unknown[]) {
          note(method);
          return original.apply(this, args);
        },
      });
    }
  });
}

/** The page (opened after `watchIcu`) has not set up ICU. */
export async function expectNoIcu(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __icuUses?: string[] }).__icuUses)).toEqual([]);
}
