import { expect, test } from '@playwright/test';
import { LOADER_ALT } from '@freightdesk/shared/constants';
import { holdCalls, login, logout, menuItems } from './helpers.ts';

test.describe('app shell: menus and redirects per demo user', () => {
  test('the owner sees every shipper menu and lands on the dashboard', async ({ page }) => {
    await login(page, 'owner@demo.test');
    await expect(page).toHaveURL(/#\/dashboard$/);
    const items = await menuItems(page);
    expect(items).toEqual(expect.arrayContaining(['Dashboard', 'Plants', 'My Carriers', 'Inbound requests', 'Roles', 'Staff']));
    expect(items).not.toContain('Countries');
    await expect(page.getByText('Demo Industries')).toBeVisible();
  });

  test('staff without plant permissions has no Plants menu and gets /401 for it', async ({ page }) => {
    await login(page, 'staff@demo.test');
    const items = await menuItems(page);
    expect(items).toEqual(expect.arrayContaining(['Outbound requests', 'My Carriers']));
    expect(items).not.toContain('Plants');
    await page.goto('/#/plant');
    await expect(page).toHaveURL(/#\/401$/);
    await expect(page.getByText('You do not have permission to open this page')).toBeVisible();
  });

  test('an owner without a plan is sent to /plan wherever they go', async ({ page }) => {
    await login(page, 'noplan@demo.test');
    await expect(page).toHaveURL(/#\/plan$/);
    await expect(page.getByText('Your account has no plan')).toBeVisible();
    // Its menu is what the account allows until a plan is chosen, the plan first (issue 38).
    expect(await menuItems(page)).toEqual(['Plans', 'Joining fees']);
    await page.goto('/#/plant');
    await expect(page).toHaveURL(/#\/plan$/);
    expect(await page.evaluate(() => [localStorage.getItem('plan_expire'), localStorage.getItem('noOfPlants')])).toEqual(['0', '0']);
  });

  test('the platform admin sees the admin menus; a carrier only its own', async ({ page }) => {
    await login(page, 'admin@demo.test');
    expect(await menuItems(page)).toEqual(expect.arrayContaining(['Countries', 'States', 'Cities', 'Sent mail', 'GST rates']));
    expect(await menuItems(page)).not.toContain('Plants');
    await logout(page);
    await login(page, 'carrier@demo.test');
    expect(await menuItems(page)).toEqual([
      'Dashboard',
      'Requests to bid',
      'My orders',
      'Company profile',
      'RFQs to quote',
      'My contracts',
      'Indents',
      'Invoices',
      'Tracking devices',
      'Performance',
      'Developers',
    ]);
    await page.goto('/#/plant');
    await expect(page).toHaveURL(/#\/401$/);
  });

  test('a logged-out visit to /joining-fees returns there after login; logout clears the session', async ({ page }) => {
    await page.goto('/#/joining-fees');
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('pathToLoadAfterLogin'))).toBe('/joining-fees');
    await login(page, 'owner@demo.test');
    await expect(page).toHaveURL(/#\/joining-fees$/);
    expect(await page.evaluate(() => localStorage.getItem('permissions'))).toContain('list-plant');
    // Nothing asks the server with the ended session's token (issue 38: the unread count answered 401).
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) {
        refused.push(r.url());
      }
    });
    await logout(page);
    await page.waitForTimeout(1500);
    expect(refused).toEqual([]);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('permissions'), localStorage.getItem('industry')]),
    ).toEqual([null, null, null]);
    await page.goto('/#/dashboard');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('a call of the previous user answered after the next login does not log the new user out', async ({ page }) => {
    // The carrier's dashboard figures are held on their way until the carrier has logged out and
    // the owner has logged in; then they reach the server with the ended session's token: a 401.
    const figures = await holdCalls(page, '**/api/dashboard/carrier');
    const heldCall = page.waitForRequest('**/api/dashboard/carrier');
    await login(page, 'carrier@demo.test');
    await heldCall;
    await logout(page);
    await login(page, 'owner@demo.test');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/carrier') && r.status() === 401);
    figures.release();
    await refused;
    // The owner is still in: a page that needs the session opens, and the owner's token is kept.
    await page.goto('/#/payment-summary');
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/#\/payment-summary$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('is_logged_in'))).toBe('1');
  });

  test('every route of the spec is built (none says "coming soon"), and the root follows the login state', async ({ page }) => {
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/login$/);
    await login(page, 'owner@demo.test');
    for (const [path, heading] of [
      ['/#/my-reports', 'Reports'],
      ['/#/payment-summary', 'Invoices'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByText('coming soon')).toHaveCount(0);
    }
    // The spec's blank /redirect hands over to the page it names (issue 38), never elsewhere.
    await page.goto('/#/redirect?to=%2Fmy-reports');
    await expect(page).toHaveURL(/#\/my-reports$/);
    await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
    await page.goto('/#/redirect?to=%2F%2Fevil.example');
    await expect(page).toHaveURL(/#\/dashboard$/);
    // A mistyped address says so, rather than promising a feature.
    await page.goto('/#/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('There is no page at this address.')).toBeVisible();
    await expect(page.getByText('coming soon')).toHaveCount(0);
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByAltText(LOADER_ALT)).toHaveCount(0);
  });
});

test.describe('the loading overlay', () => {
  test.use({ serviceWorkers: 'block' });

  test('the loading overlay shows a 64×64 loader while a slow navigation runs', async ({ page }) => {
    await login(page, 'owner@demo.test');
    // The guard reuses its answers for 30 s after the login (record 0297), so what this navigation
    // waits on is the plants page's code, fetched on first opening (no feature is fetched ahead);
    // the service worker is kept out so that the page's own fetch of it is the one held.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/#/plant');
    const loader = page.getByAltText(LOADER_ALT);
    await expect(loader).toBeVisible();
    expect(await loader.evaluate((img) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual(['64', '64']);
    await expect(loader).toBeHidden({ timeout: 10_000 });
  });
});
