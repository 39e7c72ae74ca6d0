import { expect, test } from '@playwright/test';
import { login, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, offlineOrder } from './shipper-api.ts';

// These journeys answer the API's calls themselves (page.route): the app's service worker, which
// Playwright's routing does not see through, is kept out so every call reaches the route.
test.use({ serviceWorkers: 'block' });

/**
 * A list whose call fails says so, in the server's words, with Try again: it never shows "No
 * Available Data", which a dispatcher reads as "there are no orders". The shipper's order list
 * (DataTable) and the carrier's orders (a table written by hand) each.
 */

const BUSY = { error: { code: 'QUERY_TIMEOUT', message: 'The search took too long; narrow it down and try again.' } };

test('a failed list call is told as a failure with Try again, never as an empty list', async ({ page, browser, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat DC 34' });
  const order = await offlineOrder(owner, ids, stop.id);

  // The shipper's list: the first call and the app's two retries fail.
  await login(page, 'owner@demo.test');
  let failures = 3;
  await page.route(
    (url) => url.pathname === '/api/orders/outbound',
    async (route) => {
      if (failures-- > 0) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(BUSY) });
        return;
      }
      await route.continue();
    },
  );
  await page.goto('/#/order/outbound');
  const alert = page.getByRole('alert').filter({ hasText: 'The orders could not be loaded.' });
  await expect(alert).toContainText(BUSY.error.message);
  await expect(page.getByText('No Available Data')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: order.number })).toBeVisible();
  await expect(alert).toHaveCount(0);

  // The carrier's orders: refused outright (a 403 is final: no Try again).
  const carrier = await (await browser.newContext()).newPage();
  await login(carrier, 'carrier@demo.test');
  await carrier.route(
    (url) => url.pathname === '/api/carrier/orders',
    (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Your account cannot list orders.' } }),
      }),
  );
  await carrier.goto('/#/carrier/orders');
  const refused = carrier.getByRole('alert').filter({ hasText: 'The orders could not be loaded.' });
  await expect(refused).toContainText('Your account cannot list orders.');
  await expect(refused.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(carrier.getByText('No Available Data')).toHaveCount(0);
});

test('a payment summary that could not be loaded says so, never "No invoices yet"', async ({ page }) => {
  await login(page, 'owner@demo.test');
  await page.route(
    (url) => url.pathname === '/api/invoices/summary',
    (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(BUSY) }),
  );
  await page.goto('/#/payment-summary');
  const alert = page.getByRole('alert').filter({ hasText: 'The payment summary could not be loaded.' });
  await expect(alert).toContainText(BUSY.error.message);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText('No invoices yet.')).toHaveCount(0);
});
