import { expect, type Page, test } from '@playwright/test';
import { choose, login, openPage } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 9's gate for a receiving plant (split out of 15-gate.spec.ts): an inbound vehicle from a
 * vendor gated in with one tap and confirm, unloaded with a shortage (the receipt), gated out, and
 * the order delivered.
 */

test.use({ viewport: { width: 1024, height: 768 } });

const PLANT = 'Pune Chakan Plant';
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`gate-${name}.png`), fullPage: true });

test('inbound: a vehicle gated in with one tap and confirm, unloaded with a shortage, out and delivered', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner, PLANT);
  const tail = String(Date.now()).slice(-4);
  const vendor = await owner.post<{ addresses: { id: number }[] }>('/api/vendors', {
    company: `Deccan Resins ${tail}`,
    contactName: 'Anil',
    mobile: `98765${tail}9`.slice(0, 10),
    addresses: [
      { label: 'Works', address: 'MIDC', city: 'Pune', state: 'Maharashtra', pincode: '411026', latitude: 18.6, longitude: 73.8 },
    ],
  });
  const vehicle = `MH12IN${tail}`;
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/inbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 18000,
    pickupAt: hoursFromNow(-3),
    pickupAddressId: vendor.addresses[0]?.id,
    vehicleNumber: vehicle,
    driverName: 'Suresh',
    driverMobile: '9822054321',
  });
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/inbound');
  await choose(page, 'Plant', PLANT);
  const card = page.getByRole('article', { name: `${vehicle}, ${order.number}` });
  await expect(card).toContainText(`Deccan Resins ${tail}, Works → ${PLANT}`);

  // The common case: the order's vehicle, driver checked, now — one tap and the confirm.
  await card.getByRole('button', { name: `Gate in ${vehicle}` }).click();
  await page
    .getByRole('dialog', { name: `Gate in ${vehicle}` })
    .getByRole('button', { name: 'Gate in', exact: true })
    .click();
  await expect(card).toContainText('Inside');

  // Unloaded: a shortage needs remarks, named on the field.
  await card.getByRole('button', { name: `Unloaded ${vehicle}` }).click();
  const unloaded = page.getByRole('dialog', { name: `Unloaded: ${vehicle}` });
  await unloaded.getByRole('textbox', { name: 'Gross weight (kg)' }).fill('18000');
  await unloaded.getByRole('textbox', { name: 'Tare weight (kg)' }).fill('8000');
  await expect(unloaded.getByTestId('net-weight')).toHaveText('10,000 kg');
  await unloaded.getByRole('textbox', { name: 'Shortage (quantity)' }).fill('2');
  await unloaded.getByRole('button', { name: 'Record unloading' }).click();
  await expect(unloaded.getByRole('textbox', { name: 'Remarks' })).toHaveAccessibleDescription(/Say what is short or damaged/);
  await unloaded.getByRole('textbox', { name: 'Remarks' }).fill('2 drums short');
  await shot(page, '12-unloaded');
  await unloaded.getByRole('button', { name: 'Record unloading' }).click();
  await expect(unloaded).toBeHidden();

  await card.getByRole('button', { name: `Gate out ${vehicle}` }).click();
  await page
    .getByRole('dialog', { name: `Gate out ${vehicle}` })
    .getByRole('button', { name: 'Gate out', exact: true })
    .click();
  await expect(card).toContainText('Left');
  await expect(card).toContainText(/Turnaround \d+ (min|h)/);
  await shot(page, '13-inbound-left');
});
