import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choose, login } from './helpers.ts';
import { type ApiUser, apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 10, the providers: a FASTag trip shows its toll crossings (the read a second reader of the
 * lane sent again dropped, the vehicle's previous trip ignored), a rail FNR shows its stations, and
 * a phone-SIM trip waits for the driver's consent. The tracking is set in the live map's dialog as
 * a shipper would; the built-in ULIP and SIM simulators answer (no provider is configured in e2e).
 */

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/live/providers-${name}.png`, fullPage: true });

/** An outbound offline order of Vayu from `plantId` to `stopId`, walked through the gate and out. */
async function goneOut(owner: ApiUser, ids: Awaited<ReturnType<typeof demoIds>>, plantId: number, stopId: number, vehicle: string) {
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 52_300,
    pickupAt: hoursFromNow(-1),
    dropoffs: [{ stopId }],
    vehicleNumber: vehicle,
    driverName: 'Kiran More',
    driverMobile: '9822077011',
  });
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true }, 200);
  await owner.post(
    `/api/orders/outbound/${order.id}/loaded`,
    { grossKg: 23_400, tareKg: 9_100, sealNumber: `SEAL-${vehicle.slice(-4)}` },
    200,
  );
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'] }, 200);
  return order;
}

/** The Vapi warehouse moves to its new yard, half a kilometre short of the Bagwada toll plaza on NH48. */
async function moveVapiYard(request: APIRequestContext, owner: ApiUser, token: string) {
  const plants = await owner.get<{ id: number; name: string }[]>('/api/plants/options');
  const vapi = plants.find((p) => p.name === 'Vapi Warehouse');
  expect(vapi).toBeTruthy();
  const plant = await owner.get<Record<string, unknown>>(`/api/plants/${vapi?.id}`);
  const res = await request.put(`/api/plants/${vapi?.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: plant.name,
      code: plant.code,
      gstin: plant.gstin,
      address: 'NH48 service road, Bagwada',
      city: plant.city,
      state: plant.state,
      country: plant.country,
      pincode: plant.pincode,
      latitude: 20.46,
      longitude: 72.933,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return vapi?.id ?? 0;
}

/** Opens the order's live map and sets its tracking in the dialog. */
async function setTracking(page: Page, order: { id: number; number: string }, method: string, fill?: (page: Page) => Promise<void>) {
  await page.goto(`/#/order/outbound/track/${order.id}/${order.number}`);
  await expect(page.getByRole('heading', { name: `Live tracking: ${order.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Set tracking' }).click();
  const dialog = page.getByRole('dialog', { name: `Tracking of ${order.number}` });
  await dialog.getByText(method, { exact: true }).click();
  await fill?.(page);
  await dialog.getByRole('button', { name: 'Save tracking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${order.number} is tracked by ${method}.`)).toBeVisible();
}

test('FASTag crossings, rail stations and SIM consent, each set in the tracking dialog', async ({ page, request }) => {
  test.setTimeout(4 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const token = (await (await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: 'Demo@12345' } })).json()).data
    .token as string;
  const ids = await demoIds(owner);
  const vapiId = await moveVapiYard(request, owner, token);
  const surat = await owner.post<{ id: number }>('/api/stops', {
    name: 'Surat FASTag DC',
    type: 'drop',
    address: 'Hazira Road',
    city: 'Surat',
    state: 'Gujarat',
    pincode: '394270',
    latitude: 21.17,
    longitude: 72.83,
  });
  const delhi = await owner.post<{ id: number }>('/api/stops', {
    name: 'Tughlakabad ICD',
    type: 'drop',
    address: 'Inland Container Depot',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110044',
    latitude: 28.505,
    longitude: 77.292,
  });
  const road = await goneOut(owner, ids, vapiId, surat.id, 'GJ15FT2201');
  const rake = await goneOut(owner, ids, ids.plantId, delhi.id, 'MH12RL3302');
  const phone = await goneOut(owner, ids, ids.plantId, surat.id, 'MH12SM4403');

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');

  // FASTag: chosen on the live map; the provider is asked at once.
  await setTracking(page, road, 'FASTag');
  const askedAt = Date.now();
  await page.getByRole('link', { name: 'Toll crossings' }).click();
  await expect(page.getByRole('heading', { name: `Toll crossings: ${road.number}` })).toBeVisible();
  await expect(page.getByText('1 read from before this trip ignored')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No toll plaza crossed yet.')).toBeVisible();

  // Rail: the FNR on the railway receipt; FOIS reports the rake leaving Pune for Tughlakabad.
  await setTracking(page, rake, 'Rail (FNR)', async (p) => {
    await p.getByRole('textbox', { name: 'FNR' }).fill('2611241');
    await p.getByRole('button', { name: 'Save tracking' }).click();
    await expect(p.getByText('FNR must be 11 digits')).toBeVisible();
    await p.getByRole('textbox', { name: 'FNR' }).fill('26112499001');
  });
  await page.getByRole('link', { name: 'Rail location' }).click();
  const facts = page.getByRole('region', { name: 'Rake' });
  await expect(facts).toContainText('FNR 26112499001');
  await expect(facts).toContainText('PUNE JN (PUNE)', { timeout: 20_000 });
  await expect(facts).toContainText('TUGHLAKABAD (TKD)');
  await expect(facts).toContainText('Departed');
  await shot(page, 'rail');

  // Phone SIM: the driver is asked for consent; BSNL is refused with the reason.
  await setTracking(page, phone, 'Phone SIM', async (p) => {
    await p.getByRole('textbox', { name: "Driver's mobile" }).fill('9822077011');
    await choose(p, 'Operator', 'BSNL');
    await expect(p.getByText('BSNL numbers cannot be tracked by SIM')).toBeVisible();
    await choose(p, 'Operator', 'Airtel');
  });
  await page.getByRole('link', { name: 'SIM consent & pings' }).click();
  const consent = page.getByRole('region', { name: 'Driver consent' });
  await expect(consent).toContainText('Waiting for the driver');
  await expect(consent).toContainText('A consent SMS was sent to the driver', { timeout: 20_000 });
  await shot(page, 'sim');

  // FASTag again. The truck reaches the Bagwada plaza about a minute after leaving the gate, and the provider may
  // be asked again a minute after the first time: back on its crossings then (the rail and SIM
  // steps above ran meanwhile), ask again.
  await page.goto(`/#/order/outbound/track/${road.id}/${road.number}`);
  await page.getByRole('link', { name: 'Toll crossings' }).click();
  await expect(page.getByRole('heading', { name: `Toll crossings: ${road.number}` })).toBeVisible();
  await page.waitForTimeout(Math.max(0, askedAt + 62_000 - Date.now()));
  await page.getByRole('button', { name: 'Ask now' }).click();
  const crossings = page.getByRole('table', { name: 'Toll crossings' });
  await expect(crossings.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
  await expect(crossings.getByRole('row').nth(1)).toContainText('Bagwada Toll Plaza');
  await expect(crossings.getByRole('row').nth(1)).toContainText('Northbound');
  await expect(page.getByText('1 duplicate read dropped')).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Toll crossings of ${road.number}` }).locator('path.leaflet-interactive[stroke="#7048e8"]'),
  ).toHaveCount(1);
  await shot(page, 'tolls');
  // Asked again at once: refused politely.
  await page.getByRole('button', { name: 'Ask now' }).click();
  await expect(page.getByText(/asked less than a minute ago/)).toBeVisible();
});
