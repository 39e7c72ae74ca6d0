import { expect, test } from '@playwright/test';
import { login, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * A carrier's dispatcher assigns a truck it has used before: typing part of its number offers the
 * carrier's own vehicles with their last driver, and picking one fills the driver; a driver it
 * typed itself stays. (That another carrier is never offered them is carrier-vehicles.test's.)
 */
test('the dispatcher picks one of its own vehicles and its last driver comes with it', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat DC 33' });
  const body = {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 41000,
    dropoffs: [{ stopId: stop.id }],
  };
  // Last week's load on MH12PK7033 with Prakash Kale, and today's load still to be given a truck.
  await owner.post('/api/offline-orders/outbound', {
    ...body,
    pickupAt: hoursFromNow(-150),
    vehicleNumber: 'MH12PK7033',
    driverName: 'Prakash Kale',
    driverMobile: '9822033033',
  });
  const open = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', { ...body, pickupAt: hoursFromNow(20) });

  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'carrier@demo.test');
  await page.goto('/#/carrier/orders');
  const row = page.getByRole('row').filter({ hasText: open.number });
  await row.getByRole('button', { name: 'Assign vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: `Assign a vehicle to ${open.number}` });
  const driver = dialog.getByRole('textbox', { name: 'Driver name' });
  const mobile = dialog.getByRole('textbox', { name: 'Driver mobile' });

  // A driver typed first stays; the mobile, left empty, comes with the vehicle.
  await driver.fill('Sunil Pawar');
  const vehicle = dialog.getByRole('combobox', { name: 'Vehicle number' });
  await vehicle.fill('pk70');
  const offered = page.getByRole('option', { name: /MH12PK7033/ });
  await expect(offered).toContainText('Prakash Kale · 9822033033');
  await page.screenshot({ path: test.info().outputPath('vehicle-offered.png') });
  await offered.click();
  await expect(vehicle).toHaveValue('MH12PK7033');
  await expect(driver).toHaveValue('Sunil Pawar');
  await expect(mobile).toHaveValue('9822033033');

  // Cleared and picked again: now the driver comes with it too.
  await driver.fill('');
  await vehicle.fill('7033');
  await page.getByRole('option', { name: /MH12PK7033/ }).click();
  await expect(driver).toHaveValue('Prakash Kale');

  await dialog.getByRole('button', { name: 'Assign' }).click();
  // Assigned: the dialog moves on to how the trip is tracked.
  await expect(page.getByRole('dialog', { name: `Tracking of ${open.number}` })).toContainText('MH12PK7033 is assigned');
  const assigned = await owner.get<{ vehicleNumber: string; driverName: string; driverMobile: string }>(`/api/orders/outbound/${open.id}`);
  expect(assigned).toMatchObject({ vehicleNumber: 'MH12PK7033', driverName: 'Prakash Kale', driverMobile: '9822033033' });
});
