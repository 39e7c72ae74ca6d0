import { expect, type Page, test } from '@playwright/test';
import { login, SURAT_STOP, shownWhole } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 9, the carrier's side of the road in its portal: an order with a vehicle (set up by the
 * shipper through the API) is reported at the plant by the carrier's dispatcher; the shipper's gate
 * lets it in, loads it and lets it out (API); the dispatcher marks it arrived and delivered with a
 * PNG proof of delivery showing a shortage (refused first without remarks); the POD waits for the
 * shipper, and the order's lane and e-way bill show under its row.
 */

// A real 1×1 PNG: the API checks the file's content, not only its name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/live/carrier-${name}.png`, fullPage: true });

test('the carrier reports, arrives and delivers with a POD from its portal', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat Depot' });
  const order = await owner.post<{ id: number; number: string; vehicleNumber: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 42000,
    pickupAt: hoursFromNow(-1),
    dropoffs: [{ stopId: stop.id }],
    vehicleNumber: 'MH12QT4521',
    driverName: 'Ramesh Patil',
    driverMobile: '9822012345',
  });
  expect(order.vehicleNumber).toBe('MH12QT4521');
  await owner.post(`/api/orders/outbound/${order.id}/eway-bills`, { number: '351002345671' });

  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, 'carrier@demo.test');
  await page.goto('/#/carrier/orders');
  const row = page.locator(`tr[data-order-number="${order.number}"]`);
  await expect(row).toContainText('Vehicle assigned');
  await expect(row).toContainText('Surat Depot');
  await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  // Reported at the plant: confirmed in a dialog, with remarks for the timeline.
  await row.getByRole('button', { name: 'Reported at plant' }).click();
  const report = page.getByRole('dialog', { name: `Reported at plant: ${order.number}` });
  await expect(report).toContainText('MH12QT4521 is at Pune Chakan Plant');
  await report.getByRole('textbox', { name: 'Remarks' }).fill('At the gate queue, token 14');
  await report.getByRole('button', { name: 'Reported at plant' }).click();
  await expect(report).toBeHidden();
  await expect(row).toContainText('Reported');
  await expect(row.getByRole('button', { name: 'Reported at plant' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Change vehicle' })).toBeVisible();
  await shot(page, 'reported');

  // Another truck while waiting, with the reason (required; the shipper sees it).
  await row.getByRole('button', { name: 'Change vehicle' }).click();
  const change = page.getByRole('dialog', { name: `Change the vehicle of ${order.number}` });
  await change.getByRole('combobox', { name: 'Vehicle number' }).fill('mh12qt4522');
  await change.getByRole('button', { name: 'Change vehicle' }).click();
  await expect(change.getByRole('textbox', { name: 'Reason for the change' })).toHaveAttribute('aria-invalid', 'true');
  await expect(change).toContainText('Reason is required');
  await change.getByRole('textbox', { name: 'Reason for the change' }).fill('Clutch trouble, swapped at the yard');
  await change.getByRole('button', { name: 'Change vehicle' }).click();
  await expect(change).toBeHidden();
  await expect(row).toContainText('MH12QT4522');
  const timeline = (await owner.get<{ timeline: { reason: string | null }[] }>(`/api/orders/outbound/${order.id}`)).timeline;
  expect(timeline.at(-1)?.reason).toContain('MH12QT4521 (Ramesh Patil) → MH12QT4522 (Ramesh Patil): Clutch trouble');

  // The shipper's gate: in, loaded, out.
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: 'MH12QT4522', driverChecked: true }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 24_350, tareKg: 9_150, sealNumber: 'SEAL-7781' }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'] }, 200);

  // The carrier is told of the gate out live: the row moves without a reload.
  await expect(row).toContainText('In transit');
  await expect(row.getByRole('button', { name: 'Change vehicle' })).toHaveCount(0);
  // A dispatcher's 1280 px laptop shows the move whole (it was cut by the table's edge).
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await shownWhole(row.getByRole('button', { name: 'Arrived at destination' }))).toBe(true);
  await row.getByRole('button', { name: 'Arrived at destination' }).click();
  const arrive = page.getByRole('dialog', { name: `Arrived at destination: ${order.number}` });
  await expect(arrive).toContainText('Surat Depot');
  await arrive.getByRole('button', { name: 'Arrived at destination' }).click();
  await expect(arrive).toBeHidden();
  await expect(row).toContainText('Arrived');

  // Delivered with the POD: a shortage without remarks is refused on the Remarks field.
  await row.getByRole('button', { name: 'Delivered' }).click();
  const deliver = page.getByRole('dialog', { name: `Delivered: ${order.number}` });
  await deliver.locator('input[type="file"]').setInputFiles({ name: 'pod-signed.png', mimeType: 'image/png', buffer: PNG });
  await deliver.getByRole('textbox', { name: 'Receiver name' }).fill('Kiran Shah');
  await deliver.getByRole('textbox', { name: 'Receiver mobile' }).fill('9876543210');
  await expect(deliver.getByRole('button', { name: 'Delivered at' })).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await deliver.getByRole('textbox', { name: 'Shortage quantity' }).fill('2');
  await deliver.getByRole('button', { name: 'Submit POD' }).click();
  const remarks = deliver.getByRole('textbox', { name: 'Remarks' });
  await expect(remarks).toHaveAttribute('aria-invalid', 'true');
  await expect(deliver).toContainText('Say what is short or damaged');
  await shot(page, 'deliver-refused');
  await remarks.fill('2 bags torn at the corner, counted short');
  // A "photo" that is not one: the server reads the content and names the file field.
  const file = deliver.locator('input[type="file"]');
  await file.setInputFiles({ name: 'pod-photo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await deliver.getByRole('button', { name: 'Submit POD' }).click();
  await expect(deliver).toContainText('pod-photo.png does not look like a PNG file');
  await expect(page.locator(`tr[data-order-number="${order.number}"]`)).toContainText('Arrived');
  await file.setInputFiles({ name: 'pod-signed.png', mimeType: 'image/png', buffer: PNG });
  await deliver.getByRole('button', { name: 'Submit POD' }).click();
  await expect(deliver).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `${order.number} delivered` })).toBeVisible();

  // The POD waits for the shipper; under the row, the POD with its shortage, the lane and the e-way bill.
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('POD submitted');
  await expect(row).toContainText('Shortage / damage');
  await expect(row.getByRole('button', { name: 'Delivered' })).toHaveCount(0);
  await row.getByRole('button', { name: `Details of ${order.number}` }).click();
  const pod = page.getByRole('group', { name: 'Proof of delivery' });
  await expect(pod).toContainText('POD submitted');
  await expect(pod).toContainText('Received by Kiran Shah (9876543210)');
  await expect(pod).toContainText('2 short: 2 bags torn at the corner');
  await expect(page.getByRole('group', { name: 'Lane' })).toContainText('Surat Depot');
  await expect(page.getByRole('table', { name: 'E-way bills' })).toContainText('351002345671');
  await expect(page.getByRole('table', { name: 'E-way bills' })).not.toContainText('Cancel');
  // The POD's file is the delivery's evidence: the carrier cannot delete it from the documents.
  await expect(page.getByRole('button', { name: 'Download pod-signed.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete pod-signed.png' })).toHaveCount(0);
  await shot(page, 'delivered');

  // The shipper sees the same POD version, with the file as an order document.
  const pods = await owner.get<{ status: string; shortageQty: number; fileName: string }[]>(`/api/orders/outbound/${order.id}/pod`);
  expect(pods).toHaveLength(1);
  expect(pods[0]).toMatchObject({ status: 'submitted', shortageQty: 2, fileName: 'pod-signed.png' });

  // The shipper sends it back: the row says why, and Delivered is offered again with the reason on top.
  await owner.post(`/api/orders/outbound/${order.id}/pod/reject`, { reason: 'Receiver signature missing' }, 200);
  await expect(row).toContainText('Arrived');
  await expect(row).toContainText('POD sent back');
  await expect(row).toContainText('Receiver signature missing');
  await row.getByRole('button', { name: 'Delivered' }).click();
  await expect(deliver.getByRole('alert')).toContainText('Receiver signature missing. Submit it again, corrected.');
  // The corrected POD starts from the last one's receiver and quantities; only the file is new.
  await expect(deliver.getByRole('textbox', { name: 'Receiver name' })).toHaveValue('Kiran Shah');
  await expect(deliver.getByRole('textbox', { name: 'Shortage quantity' })).toHaveValue('2');
  await shot(page, 'sent-back');
  await deliver.getByRole('button', { name: 'Cancel' }).click();
  await expect(deliver).toBeHidden();
});
