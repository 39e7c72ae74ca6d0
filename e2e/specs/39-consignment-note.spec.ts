import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { choose, login, openPage, SURAT_STOP } from './helpers.ts';
import { type ApiUser, apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 33's consignment note (LR): the guard gates a loaded truck out with its packages and the
 * order page shows the note the gate made, with its PDF; on a phone the carrier's dispatcher makes the
 * note of another order before the gate, which then keeps it.
 */

const PLANT = 'Pune Chakan Plant';
const LR = /LR\/\d\d-\d\d\/\d{4}/;
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`lr-${name}.png`), fullPage: true });

/** An offline outbound order of Vayu at the plant with its vehicle assigned, reported by the carrier. */
async function reportedOrder(owner: ApiUser, vayu: ApiUser, stopName: string, vehicleNumber: string) {
  const ids = await demoIds(owner, PLANT);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: stopName });
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 36000,
    pickupAt: hoursFromNow(-1),
    dropoffs: [{ stopId: stop.id }],
    vehicleNumber,
    driverName: 'Sunil More',
    driverMobile: '9822044112',
  });
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);
  return order;
}

test('gate out makes the LR with the packages the guard counted; the order page shows it and its PDF', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const [owner, vayu] = [await apiUser(request, 'owner@demo.test'), await apiUser(request, 'carrier@demo.test')];
  const vehicle = `MH12LR${String(Date.now()).slice(-4)}`;
  const order = await reportedOrder(owner, vayu, 'LR Spec Yard', vehicle);
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 24_350, tareKg: 9_150, sealNumber: 'SEAL-4410' }, 200);

  await page.setViewportSize({ width: 1024, height: 768 });
  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/outbound');
  await choose(page, 'Plant', PLANT);
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(vehicle);
  await page.getByRole('button', { name: `Gate out ${vehicle}` }).click();
  const gateOut = page.getByRole('dialog', { name: `Gate out ${vehicle}` });
  await gateOut.getByRole('textbox', { name: 'Packages loaded' }).fill('12.5');
  await gateOut.getByRole('button', { name: 'Gate out', exact: true }).click();
  await expect(gateOut.getByRole('textbox', { name: 'Packages loaded' })).toHaveAttribute('aria-invalid', 'true');
  await gateOut.getByRole('textbox', { name: 'Packages loaded' }).fill('240');
  await shot(page, '1-gate-out');
  await expectAccessible(page, 'the gate out dialog');
  await gateOut.getByRole('button', { name: 'Gate out', exact: true }).click();
  await expect(gateOut).toBeHidden();

  await page.goto(`/#/order/outbound/${order.id}`);
  const card = page.getByRole('group', { name: 'Consignment note (LR)' });
  await expect(card).toContainText(LR);
  await expect(card).toContainText('made at gate out');
  await expect(card).toContainText('240 packages · 15,200 kg');
  await expect(card).toContainText('LR Spec Yard');
  const number = (await card.textContent())?.match(LR)?.[0] ?? '';
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download PDF of ${number}` }).click();
  expect((await download).suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  await shot(page, '2-order');
  await expectAccessible(page, 'the order page with its LR');
});

test('on a phone the carrier makes the LR before the gate; the gate out keeps it', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const [owner, vayu] = [await apiUser(request, 'owner@demo.test'), await apiUser(request, 'carrier@demo.test')];
  const vehicle = `MH12LC${String(Date.now()).slice(-4)}`;
  const order = await reportedOrder(owner, vayu, 'LR Phone Yard', vehicle);

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'carrier@demo.test');
  await page.goto('/#/carrier/orders');
  const row = page.locator(`[data-order-number="${order.number}"]`);
  await row.getByRole('button', { name: `Details of ${order.number}` }).click();
  const card = page.getByRole('group', { name: 'Consignment note (LR)' });
  await expect(card).toContainText('Made at the plant’s gate out, or make it now.');
  await card.getByRole('textbox', { name: 'Packages' }).fill('0');
  await card.getByRole('button', { name: 'Make consignment note' }).click();
  await expect(card.getByRole('textbox', { name: 'Packages' })).toHaveAttribute('aria-invalid', 'true');
  await card.getByRole('textbox', { name: 'Packages' }).fill('36');
  await card.getByRole('button', { name: 'Make consignment note' }).click();
  await expect(card).toContainText(LR);
  await expect(card).toContainText('made by the carrier');
  await expect(card).toContainText('36 packages');
  await shot(page, '3-carrier-phone');
  await expectAccessible(page, 'the carrier’s order panel on a phone');
  const made = await vayu.get<{ number: string }>(`/api/carrier/orders/${order.id}/consignment-note`);

  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 20_000, tareKg: 9_000 }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['lr'], packages: 40 }, 200);
  const kept = await owner.get<{ number: string; details: { packages: number } }>(`/api/orders/outbound/${order.id}/consignment-note`);
  expect(kept).toMatchObject({ number: made.number, details: { packages: 36 } });
});
