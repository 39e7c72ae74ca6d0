import { type APIRequestContext, expect, test } from '@playwright/test';
import { png } from './png.ts';
import { holdCalls, login, PASSWORD, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

// These journeys answer the API's calls themselves (page.route): the app's service worker, which
// Playwright's routing does not see through, is kept out so every call reaches the route.
test.use({ serviceWorkers: 'block' });

/**
 * Issue 9, the shipper's order page: an order on the road shows its lane, gate times and records;
 * an e-way bill is added by number (the simulator fills it) and an expired one is refused in the
 * server's words; the carrier's POD with a shortage shows on the page as it arrives, is sent back
 * with a reason, delivered again, accepted (closed); the timeline names who made each move.
 */

/** The carrier delivers with a POD photo (multipart, as its portal sends it). */
async function deliver(request: APIRequestContext, orderId: number, fields: Record<string, string>) {
  const auth = await request.post('/api/auth/login', { data: { login: 'carrier@demo.test', password: PASSWORD } });
  const token = (await auth.json()).data.token as string;
  const res = await request.post(`/api/carrier/orders/${orderId}/deliver`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { ...fields, file: { name: 'pod.png', mimeType: 'image/png', buffer: png(240, 160, [66, 184, 131]) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the shipper works an order from its page: lane, gate, e-way bills, POD sent back and accepted, timeline', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat DC 16' });
  const product = await owner.post<{ id: number; name: string }>('/api/products', { name: 'Steel coils 16', unit: 'coil' });
  const body = {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 42000,
    pickupAt: hoursFromNow(-2),
    dropoffs: [{ stopId: stop.id }],
    productId: product.id,
    weightTonnes: 18,
    vehicleNumber: 'MH12AB1616',
    driverName: 'Ramesh Patil',
    driverMobile: '9822012345',
  };
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', body);
  // The same vehicle on a second active order: both are flagged.
  const twin = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', { ...body, pickupAt: hoursFromNow(30) });

  // The road to "in transit": the carrier reports, the gate lets it in, loads and lets it out.
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: 'MH12AB1616', driverChecked: true }, 200);
  await owner.post(
    `/api/orders/outbound/${order.id}/loaded`,
    { grossKg: 27000, tareKg: 9000, sealNumber: 'SEAL-1616', lrNumber: 'LR-77' },
    200,
  );
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'] }, 200);

  // The list: the lane, and the vehicle flagged on both orders.
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto('/#/order/outbound');
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText('Surat DC 16');
  await expect(row).toContainText('On another order');
  await expect(table.getByRole('row').filter({ hasText: twin.number })).toContainText('On another order');
  await page.screenshot({ path: '/tmp/live/order-list-lane.png', fullPage: true });

  // The page: status, lane in order, the gate's times and records.
  await row.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText('In transit').first()).toBeVisible();
  const stops = page.getByRole('list', { name: 'Stops' });
  await expect(stops.getByRole('listitem')).toHaveCount(2);
  await expect(stops.getByRole('listitem').first()).toContainText('Pickup');
  await expect(stops.getByRole('listitem').last()).toContainText('Surat DC 16');
  await expect(page.getByText('Gate In Date')).toBeVisible();
  await expect(page.getByText('Turnaround (reported → gate out)')).toBeVisible();
  const gate = page.getByRole('table', { name: 'Gate records' });
  await expect(gate.getByRole('row')).toHaveCount(4);
  await expect(gate).toContainText('SEAL-1616');
  await expect(gate).toContainText('net 18,000 kg');
  await expect(page.getByText('Steel coils 16', { exact: true })).toBeVisible();
  await expect(page.getByText('18 t', { exact: true })).toBeVisible();

  // An e-way bill by number: the e-way bill system fills it, the shipper confirms.
  await page.getByRole('button', { name: 'Add e-way bill' }).click();
  const add = page.getByRole('dialog', { name: `Add an e-way bill to ${order.number}` });
  await add.getByRole('textbox', { name: 'E-way bill number' }).fill('12345678901');
  await add.getByRole('button', { name: 'Fetch details' }).click();
  await expect(add.getByText('An e-way bill number is 12 digits')).toBeVisible();
  await add.getByRole('textbox', { name: 'E-way bill number' }).fill('123456789012');
  await add.getByRole('button', { name: 'Fetch details' }).click();
  await expect(add.getByText('Consignor GSTIN')).toBeVisible();
  await expect(add.getByText('MH12AB1616')).toBeVisible();
  await page.screenshot({ path: '/tmp/live/order-eway-fetched.png' });
  await add.getByRole('button', { name: 'Add e-way bill' }).click();
  await expect(add).toBeHidden();
  const bills = page.getByRole('table', { name: 'E-way bills' });
  await expect(bills.getByRole('row').filter({ hasText: '123456789012' })).toContainText('Valid');

  // An expired bill (the simulator's number ending 00) is refused, in the server's words.
  await page.getByRole('button', { name: 'Add e-way bill' }).click();
  await add.getByRole('textbox', { name: 'E-way bill number' }).fill('123456789100');
  await add.getByRole('button', { name: 'Fetch details' }).click();
  await expect(add.getByText(/E-way bill 123456789100 expired on .*; generate a new one\./)).toBeVisible();
  await page.screenshot({ path: '/tmp/live/order-eway-expired.png' });
  await add.getByRole('button', { name: 'Close' }).click();

  // A cancellation needs a reason.
  await bills.getByRole('button', { name: 'Cancel 123456789012' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel e-way bill 123456789012' });
  await cancel.getByRole('button', { name: 'Cancel e-way bill' }).click();
  await expect(cancel.getByText('Choose a reason for the cancellation')).toBeVisible();
  await cancel.getByRole('button', { name: 'Close' }).click();

  // An extension before its window opens is refused, in the server's words.
  await bills.getByRole('button', { name: 'Extend 123456789012' }).click();
  const extend = page.getByRole('dialog', { name: 'Extend e-way bill 123456789012' });
  // Where the vehicle is, as NIC asks it: no position yet, so suggested from the pickup; the user checks it.
  await expect(extend.getByText('No position yet: suggested from the pickup.', { exact: false })).toBeVisible();
  const place = extend.getByRole('textbox', { name: 'Current place' });
  const pin = extend.getByRole('textbox', { name: 'PIN code' });
  await expect(place).toHaveValue(/\S/);
  await expect(pin).toHaveValue(/^[1-9]\d{5}$/);
  await expect(extend.getByRole('combobox', { name: 'State' })).toHaveValue(/\(\d+\)$/);
  const suggestedPin = await pin.inputValue();
  await pin.fill('04110');
  await extend.getByRole('textbox', { name: 'Distance still to go (km)' }).fill('120');
  await extend.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Transhipment' }).click();
  await extend.getByRole('textbox', { name: 'Remarks' }).fill('Goods moved to another truck');
  await extend.getByRole('button', { name: 'Extend e-way bill' }).click();
  await expect(extend.getByText('PIN code must be 6 digits, not starting with 0')).toBeVisible();
  await pin.fill(suggestedPin);
  await extend.getByRole('button', { name: 'Extend e-way bill' }).click();
  await expect(extend.getByRole('alert')).toContainText(
    /can be extended only from 8 hours before it expires; this one opens for extension at/,
  );
  await page.screenshot({ path: '/tmp/live/order-eway-extend-refused.png' });
  await extend.getByRole('button', { name: 'Close' }).click();

  // The carrier arrives and delivers with a shortage: the open page shows it without a reload.
  await vayu.post(`/api/carrier/orders/${order.id}/arrive`, {}, 200);
  await deliver(request, order.id, {
    receiverName: 'Store keeper',
    receiverMobile: '9822099999',
    deliveredAt: new Date().toISOString(),
    shortageQty: '2',
    remarks: 'Two bags short, seal intact',
  });
  const issue = page.getByRole('alert').filter({ hasText: 'Shortage: 2' });
  await expect(issue).toBeVisible();
  await expect(issue).toContainText('Two bags short, seal intact');
  await expect(page.getByRole('img', { name: 'Proof of delivery: pod.png' })).toBeVisible();
  await page.getByRole('heading', { name: 'Proof of delivery' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/live/order-pod-shortage.png' });

  // Sent back: a reason is required.
  await page.getByRole('button', { name: 'Send back' }).click();
  const reject = page.getByRole('dialog', { name: 'Send the proof of delivery back?' });
  await reject.getByRole('button', { name: 'Send back' }).click();
  await expect(reject.getByText(/Reason is required/)).toBeVisible();
  await reject.getByRole('textbox', { name: 'Reason for sending it back' }).fill("The receiver's signature is missing");
  await reject.getByRole('button', { name: 'Send back' }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByText('Sent back', { exact: true })).toBeVisible();
  await expect(page.getByText(/The receiver's signature is missing/).first()).toBeVisible();

  // The carrier delivers again; the shipper accepts and the order closes.
  await deliver(request, order.id, {
    receiverName: 'Store keeper',
    deliveredAt: new Date().toISOString(),
    shortageQty: '2',
    remarks: 'Two bags short, signed',
  });
  await expect(page.getByText('Version 2', { exact: false })).toBeVisible();
  await expect(page.getByText('Earlier versions')).toBeVisible();
  await page.getByRole('button', { name: 'Accept POD' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept the proof of delivery?' });
  await accept.getByRole('button', { name: 'Accept and close' }).click();
  await expect(accept).toBeHidden();
  await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept POD' })).toBeHidden();
  await expect(bills.getByRole('button', { name: 'Extend 123456789012' })).toBeHidden();
  await page.screenshot({ path: '/tmp/live/order-closed.png', fullPage: true });

  // The timeline: every move with who made it.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByLabel('Order timeline');
  for (const [move, who] of [
    ['Vehicle assigned', /Demo/],
    ['Reported', /Vayu Roadlines/],
    ['Gate in', /Demo/],
    ['Loaded', /Demo/],
    ['In transit', /Demo/],
    ['Arrived', /Vayu Roadlines/],
    ['POD sent back to the carrier', /Demo/],
    ['POD accepted, closed', /Demo/],
  ] as const) {
    await expect(timeline.locator('.mantine-Timeline-item').filter({ hasText: move }).first()).toContainText(who);
  }
  await expect(timeline).toContainText("The receiver's signature is missing");
  await expect(timeline.locator('.mantine-Timeline-item').filter({ hasText: 'Delivered' })).toHaveCount(2);
  await page.screenshot({ path: '/tmp/live/order-timeline.png', fullPage: true });

  // The tracking screens' e-way bill page lists the same bill.
  await page.goto(`/#/outbound-tracking/multiple-eway-bill/${order.id}/1`);
  await expect(page.getByRole('heading', { name: `E-way bills of order ${order.number}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'E-way bills' })).toContainText('123456789012');
});

test('an order page says what is missing: a loader while it loads, Try again after a failure, the server’s words for an unknown order', async ({
  page,
  request,
}) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const orders = await owner.get<{ id: number; number: string }[]>('/api/orders/outbound?pageSize=25');
  const order = orders[0];
  expect(order, 'the demo shipper has outbound orders').toBeDefined();
  await login(page, 'owner@demo.test');

  // Held: the page shows a loader named for what it loads, not a blank card.
  const held = await holdCalls(page, `**/api/orders/outbound/${order?.id}`);
  await page.goto(`/#/order/outbound/${order?.id}`);
  await expect(page.getByRole('heading', { name: 'Order', exact: true })).toBeVisible();
  await expect(page.getByLabel('Loading the order')).toBeVisible();
  held.release();
  await expect(page.getByRole('heading', { name: `Order ${order?.number}` })).toBeVisible();
  await page.unroute(`**/api/orders/outbound/${order?.id}`);

  // The server busy for the first call and the app's two retries: the failure says so in the
  // server's words, and Try again loads the order.
  let failures = 3;
  await page.route(`**/api/orders/outbound/${order?.id}`, async (route) => {
    if (failures-- > 0) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The server is busy; try again in a moment.' } }),
      });
      return;
    }
    await route.continue();
  });
  // A fresh load, so the order is not already in the page's cache.
  await page.goto('about:blank');
  await page.goto(`/#/order/outbound/${order?.id}`);
  const alert = page.getByRole('alert').filter({ hasText: 'The order could not be loaded.' });
  await expect(alert).toContainText('The server is busy; try again in a moment.');
  expect(failures).toBe(0);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: `Order ${order?.number}` })).toBeVisible();
  await page.unroute(`**/api/orders/outbound/${order?.id}`);

  // An order that is not the shipper's (or not at all): the server's words, and nothing to retry.
  await page.goto('/#/order/outbound/987654321');
  const missing = page.getByRole('alert').filter({ hasText: 'The order could not be loaded.' });
  await expect(missing).toContainText('Order not found.');
  await expect(missing.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/live/order-not-found.png', fullPage: true });
});
