import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { login, logout } from './helpers.ts';

/**
 * WCAG 2.1 AA by axe-core (issue 35) on the pages each kind of user starts from, on a laptop and
 * on a 390 px phone: the shipper's, the carrier's and the platform admin's. Each page is checked
 * once its content has loaded; a violation names its rule and the elements.
 */

const PAGES: Record<string, [string, string | RegExp][]> = {
  'owner@demo.test': [
    ['/#/dashboard', /^(Dashboard|Welcome, )/],
    ['/#/order/outbound', 'Outbound orders'],
    ['/#/request/outbound', 'Outbound requests'],
    ['/#/gate-in-out/outbound', 'Gate in/out outbound'],
    ['/#/payment-summary', 'Invoices'],
    ['/#/industry-transporter', 'My Carriers'],
  ],
  'carrier@demo.test': [
    ['/#/dashboard', /^Welcome, /],
    ['/#/carrier/orders', 'My orders'],
    ['/#/carrier/requests', 'Requests to bid'],
    ['/#/carrier/invoices', 'Invoices'],
  ],
  'admin@demo.test': [
    ['/#/dashboard', /^(Dashboard|Welcome, )/],
    ['/#/admin/shippers', 'Shippers'],
  ],
};

async function checkPages(page: Page, user: string) {
  await login(page, user);
  for (const [path, heading] of PAGES[user] ?? []) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', typeof heading === 'string' ? { name: heading, exact: true } : { name: heading }).first(),
    ).toBeVisible();
    // Lists and cards settle once their calls answer.
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, `${user} ${path} at ${page.viewportSize()?.width} px`);
  }
  await logout(page);
}

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`the starting pages pass WCAG 2.1 AA at ${width} px`, async ({ page }) => {
    test.setTimeout(4 * 60_000);
    await page.setViewportSize({ width, height });
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page, `log in at ${width} px`);
    for (const user of Object.keys(PAGES)) {
      await checkPages(page, user);
    }
  });
}

test('the first tab stop skips the header and the menu to the page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'owner@demo.test');
  await page.goto('/#/order/outbound');
  await expect(page.getByRole('heading', { name: 'Outbound orders', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Outbound orders · Freightdesk');
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The hash router keeps its page: the link moved the focus, not the address.
  await expect(page).toHaveURL(/#\/order\/outbound$/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).locator(':focus')).toHaveCount(0);
  await logout(page);
});

test('robots.txt keeps search engines out and is not the app', async ({ request }) => {
  const answer = await request.get('/robots.txt');
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain('Disallow: /');
});
