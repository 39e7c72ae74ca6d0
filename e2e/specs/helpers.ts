import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@12345';

/** Logs in through the form and waits for the app shell. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Email or mobile' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * Opens a signed-in page by its address and waits until the app draws it. `page.goto` to another
 * `#/…` returns as the address changes, while the router still fetches the page's code and data
 * and the page before it is on screen: a pick made then goes to that page (the dashboard's own
 * Plant picker took the gate board's plant: e2e 08 and 15 failed so in CI on 2026-12-07).
 */
export async function openPage(page: Page, address: string) {
  await page.goto(address);
  const path = address.replace(/^\/#/, '').split('?')[0] ?? '';
  await expect(page.locator('#page-content')).toHaveAttribute('data-location', path);
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

/** The sidebar's link names. */
export async function menuItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  return nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? a.textContent ?? ''));
}

/** Opens a page through the sidebar. */
export async function openMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
}

/** A drop-off location body for `POST /api/stops`, for specs that set up a request through the API. */
export const SURAT_STOP = {
  name: 'Surat DC',
  type: 'drop',
  address: 'Sachin GIDC',
  city: 'Surat',
  state: 'Gujarat',
  pincode: '394230',
  latitude: 21.08,
  longitude: 72.88,
} as const;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** A day as the date pickers label it ("26 November 2026"), from YYYY-MM-DD. */
export const dayName = (day: string) => `${Number(day.slice(8, 10))} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
/**
 * A day's button in an open date picker, by its full name: a day number alone also matches a
 * neighbouring month's day shown in the same grid (a disabled one is not marked as outside).
 */
export const dayButton = (dropdown: Locator, day: string) => dropdown.locator(`table button[aria-label="${dayName(day)}"]`);
/** YYYY-MM-DD of `day` (1–31) in the month `months` after the current India month. */
export function dayOfMonth(day: number, months: number): string {
  const now = new Date(Date.now() + 330 * 60_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  return `${first.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** A month as the picker's header names it ("January 2027") as a count of months, for stepping. */
const monthCount = (caption: string) => {
  const [name = '', year = ''] = caption.trim().split(' ');
  return Number(year) * 12 + MONTH_NAMES.indexOf(name);
};

/**
 * Steps an open date picker to the month of `day` (YYYY-MM-DD) from the month its header reads,
 * one arrow at a time, each step waiting for the header to change: a click on "next" while the
 * picker was still opening (or a second one) left it a month away from the day it then looked for.
 */
async function showMonthOf(dropdown: Locator, day: string) {
  const target = dayName(day).split(' ').slice(1).join(' ');
  const header = dropdown.locator('[class*="-calendarHeaderLevel"]').first();
  await expect(header).toBeVisible();
  for (let step = 0; step < 24; step += 1) {
    const shown = (await header.textContent()) ?? '';
    if (shown.trim() === target) {
      return;
    }
    const direction = monthCount(shown) < monthCount(target) ? 'next' : 'previous';
    await dropdown.locator(`button[data-direction="${direction}"]`).first().click();
    await expect(header).not.toHaveText(shown);
  }
  await expect(header).toHaveText(target);
}

/** Picks a day of next month (12:00) in the product's date-time picker. */
export async function pickNextMonthDay(page: Page, label: string, day: number) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await showMonthOf(dropdown, dayOfMonth(day, 1));
  await dayButton(dropdown, dayOfMonth(day, 1)).click();
  // Confirm the day (12:00); a picker that already closed has taken it.
  await dropdown
    .locator('button')
    .last()
    .click({ timeout: 5_000 })
    .catch(async () => expect(dropdown).toBeHidden());
  await expect(page.getByRole('button', { name: label, exact: true })).toContainText(`-${String(day).padStart(2, '0')} `);
}

/** Chooses an option of a picker (retrying while the server's options are still on their way). */
export async function choose(page: Page, label: string, option: string | RegExp | null) {
  await expect(async () => {
    await page.getByRole('combobox', { name: label }).click({ force: true });
    const options = option === null ? page.getByRole('option').first() : page.getByRole('option', { name: option });
    await options.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Chooses one option of a picker that takes several, then closes its list (it stays open over the form otherwise). */
export async function chooseMany(page: Page, label: string, option: string | RegExp) {
  await choose(page, label, option);
  await page.getByRole('combobox', { name: label }).press('Escape');
  await expect(page.getByRole('option', { name: option })).toBeHidden();
}

/**
 * Picks a state from the form's State list (typing part of its name) and types the city, which
 * may be one the list offers or a new one. `scope` narrows to one address of a form with several.
 */
export async function pickStateAndCity(page: Page, state: string, city: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: 'State' }).fill(state.slice(0, 5));
  await page.getByRole('option', { name: state, exact: true }).click();
  const cityBox = scope.getByRole('combobox', { name: 'City' });
  await cityBox.fill(city);
  await cityBox.press('Escape');
}

/**
 * Holds the calls to `url` on their way to the server until `release()`: a slow network made
 * certain, to act in the page while an answer is still out.
 */
export async function holdCalls(page: Page, url: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release() };
}

/**
 * Is the element shown whole inside the nearest box that clips it (a table's sideways scroller, or
 * the page)? A button past a table's right edge is there, but a user sees it cut.
 */
export async function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    let clip = el.parentElement;
    while (clip && !/(auto|scroll|hidden|clip)/.test(getComputedStyle(clip).overflowX)) {
      clip = clip.parentElement;
    }
    const box = el.getBoundingClientRect();
    const edge = clip ? clip.getBoundingClientRect().right : window.innerWidth;
    return box.left >= 0 && box.right <= edge + 1;
  });
}

/**
 * From here the app works without network: its service worker has precached the build (every
 * page's and dialog's code) and controls the page. Wait for it before switching the network off.
 */
export async function untilReadyOffline(page: Page) {
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready).active?.state === 'activated' && navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Resolves when the page's live connection is in its user's room: the server's Socket.IO connect
 * answer ("40…") arrived, which it sends after the join. Call it before the page opens the
 * socket (before `login`). The web app loads the socket client at its first idle moment after a
 * page is drawn (record 0315), so an event sent right after a page shows can come before the
 * connection and is then only counted on the bell, not toasted: e2e 07 failed so in CI on 2026-12-07.
 */
export function liveConnection(page: Page): Promise<void> {
  return new Promise((connected) => {
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) {
        ws.on('framereceived', ({ payload }) => {
          if (String(payload).startsWith('40')) {
            connected();
          }
        });
      }
    });
  });
}
