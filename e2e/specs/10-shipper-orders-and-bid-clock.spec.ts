import { expect, type Page, test } from '@playwright/test';
import { login, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 14's gaps on the shipper's side: the bid board counts down to bid end like the carrier's
 * portal and follows an anti-sniping extension live; the order list links each order's request;
 * the shipper cancels an order (row menu and detail) with a reason the carrier is told, and the
 * freed vehicle is awarded again.
 */

const timer = (page: Page) => page.getByRole('group', { name: 'Bid window' }).getByRole('timer', { name: 'Time left' });

test('bid clock, request links and cancelling orders', async ({ page, request }) => {
  test.setTimeout(5 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner, 'Vapi Warehouse');
  // At this plant a bid in the last minute extends bidding by a minute.
  await owner.post('/api/bid-visibility-settings', { plantId: ids.plantId, visibility: 'rank_only', antiSnipingMinutes: 1 });
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Sachin Yard' });
  const created = await owner.post<{ id: number; number: string; bidEndAt: string }>('/api/requests/outbound', {
    requestType: 1,
    plantId: ids.plantId,
    dropoffs: [{ stopId: stop.id }],
    weightTonnes: 12,
    vehicleTypeId: ids.vehicleTypeId,
    vehicleCount: 3,
    bidStartAt: hoursFromNow(-1),
    bidEndAt: new Date(Date.now() + 50_000).toISOString(),
    pickupAt: hoursFromNow(24),
    targetPriceRupees: 45000,
    carrierLinkIds: [ids.vayuLink],
  });

  // The shipper watches the bids: the clock ticks down to the bid end, under a minute.
  await login(page, 'owner@demo.test');
  await page.goto(`/#/request/outbound/detail/${created.id}/bids`);
  const clock = page.getByRole('group', { name: 'Bid window' });
  await expect(clock).toContainText('Ends in');
  await expect(timer(page)).toHaveText(/^\d{1,2}s$/);
  const first = await timer(page).textContent();
  await expect(timer(page)).not.toHaveText(first ?? '');

  // A late bid extends bidding by a minute: the clock follows at once and says why.
  await vayu.post(`/api/carrier/requests/${created.id}/bids`, { amountRupees: 41000, vehicles: 3 });
  await expect(clock).toContainText('Extended from');
  await expect(timer(page)).toHaveText(/^1m \d{2}s$/);
  await expect(page.getByRole('table', { name: 'Bids' })).toContainText('Vayu Roadlines');
  await page.screenshot({ path: '/tmp/live/bid-clock.png' });

  // One carrier's bid shows the same clock.
  await page.getByRole('table', { name: 'Bids' }).getByRole('link', { name: 'Vayu Roadlines' }).click();
  await expect(page).toHaveURL(/view-bid\//);
  await expect(timer(page)).toHaveText(/^1m \d{2}s$|^\d{1,2}s$/);
  await page.getByRole('link', { name: 'Back to the bids' }).click();

  // Bidding closes by itself at the extended end; the shipper awards two of the three vehicles.
  await expect(clock).toContainText('Bidding closed', { timeout: 150_000 });
  await page.getByRole('textbox', { name: 'Vehicles to award to Vayu Roadlines' }).fill('2');
  await page.getByRole('button', { name: 'Award' }).click();
  // The award asks first, naming the carrier and the price; Cancel places nothing (issue 38).
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Award 2 vehicles to Vayu Roadlines at ₹41,000.00 per trip?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: /placed/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Award' }).click();
  await confirm.getByRole('button', { name: 'Yes, award' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^2 orders placed\.$|^2 order\(s\) placed\.$/ })).toBeVisible();

  // The order list links each order's request.
  await page.goto('/#/order/outbound');
  const table = page.getByRole('table', { name: 'Orders' });
  const rows = table.getByRole('row').filter({ hasText: created.number });
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('link', { name: created.number }).click();
  await expect(page).toHaveURL(new RegExp(`#/request/outbound/detail/${created.id}$`));
  await expect(page.getByRole('heading', { name: `Request ${created.number}` })).toBeVisible();
  await page.goBack();

  // Cancel from the row menu: the spec's confirm texts, a reason required, the carrier told.
  const row = rows.first();
  const orderNumber = ((await row.getByRole('link', { name: /^ORD-/ }).textContent()) ?? '').trim();
  await row.getByRole('button', { name: `Actions for ${orderNumber}` }).click();
  await expect(page.getByRole('menuitem', { name: `Open request ${created.number}` })).toBeVisible();
  // A live update re-renders the list under the open menu (the carrier assigns the other order's
  // vehicle, which widens the Vehicle column): the rows update in place, the actions column keeps
  // to the right edge, and the menu stays open.
  const otherHref = await rows.filter({ hasNotText: orderNumber }).getByRole('link', { name: /^ORD-/ }).getAttribute('href');
  await vayu.post(
    `/api/carrier/orders/${otherHref?.match(/(\d+)$/)?.[1]}/assign`,
    { vehicleNumber: 'GJ05XY4321', driverName: 'Ramesh', driverMobile: '9822012345' },
    200,
  );
  await expect(table).toContainText('GJ05XY4321');
  await expect(page.getByRole('menuitem', { name: `Open request ${created.number}` })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('Status will be changed!');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await page.screenshot({ path: '/tmp/live/cancel-dialog.png' });
  await dialog.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Dispatch moved to next week');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `Order ${orderNumber} cancelled.` })).toBeVisible();
  const cancelledRow = table.getByRole('row').filter({ hasText: orderNumber });
  await expect(cancelledRow).toContainText('Cancelled');
  await cancelledRow.getByRole('button', { name: `Actions for ${orderNumber}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Open order' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Cancel order' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const told = await vayu.get<{ title: string; msg: string; type: string }[]>('/api/notifications');
  expect(told[0]).toMatchObject({ title: 'Order cancelled', type: 'order' });
  expect(told[0]?.msg).toContain(`${orderNumber}: Dispatch moved to next week`);

  // Cancel from the order's page: the timeline keeps who and why; the request is linked there too.
  const other = table.getByRole('row').filter({ hasText: created.number }).filter({ hasNotText: orderNumber });
  await other.getByRole('link', { name: /^ORD-/ }).click();
  await expect(page).toHaveURL(/#\/order\/outbound\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Order ORD-/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: created.number })).toHaveCount(1);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason for cancelling' }).fill('Plant shutdown');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  // The status badge (the summary also has a Cancelled date line).
  await expect(
    page
      .getByRole('main')
      .locator('.mantine-Badge-label')
      .filter({ hasText: /^Cancelled$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('main')).toContainText('Plant shutdown');
  await expect(page.getByRole('main')).toContainText('Asha Kulkarni, Demo Industries');

  // The freed vehicles can be awarded again from the request.
  await page.goto(`/#/request/outbound/detail/${created.id}/bids`);
  await page.getByRole('textbox', { name: 'Vehicles to award to Vayu Roadlines' }).fill('3');
  await page.getByRole('button', { name: 'Award' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, award' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^3 orders placed\.$|^3 order\(s\) placed\.$/ })).toBeVisible();
});
