import { type APIRequestContext, expect, test } from '@playwright/test';
import { login, PASSWORD, SURAT_STOP } from './helpers.ts';
import { type ApiUser, apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 10, the all-in-one map with many vehicles: those close together share one numbered badge
 * coloured by its worst vehicle's state; a click zooms in until each shows on its own, with its
 * own colour and label. Positions come in through Traccar forwarding (playwright.config.ts).
 */

const SECRET = 'e2e-traccar-forward-secret';
const GREEN = 'rgb(47, 158, 68)'; // In transit (#2f9e44)

async function forward(request: APIRequestContext, uniqueId: string, lat: number, lng: number) {
  const at = new Date(Date.now() - 60_000).toISOString();
  const res = await request.post('/api/tracking/traccar', {
    headers: { 'x-traccar-secret': SECRET },
    data: {
      position: { id: 0, deviceId: 9, fixTime: at, deviceTime: at, valid: true, latitude: lat, longitude: lng, speed: 20, course: 90 },
      device: { id: 9, name: uniqueId, uniqueId, status: 'online' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

type Setup = { request: APIRequestContext; owner: ApiUser; token: string; ids: Awaited<ReturnType<typeof demoIds>>; stopId: number };

/** An outbound order out of the gate, tracked by a phone whose one position is (lat, lng). */
async function onRoad({ request, owner, token, ids, stopId }: Setup, n: number, lat: number, lng: number) {
  const vehicleNumber = `MH40CL000${n}`;
  const order = await owner.post<{ id: number }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 30_000,
    pickupAt: hoursFromNow(-3),
    dropoffs: [{ stopId }],
    vehicleNumber,
    driverName: 'Driver',
    driverMobile: `98220400${10 + n}`,
  });
  // A GPS unit by its IMEI, reporting through the platform's Traccar server.
  const device = await owner.post<{ id: number }>('/api/tracking/devices', {
    identifier: `35848008120000${n}`,
    kind: 'gps',
    name: `Tracker ${n}`,
  });
  const method = await request.put(`/api/tracking/outbound/orders/${order.id}/method`, {
    headers: { authorization: `Bearer ${token}` },
    data: { method: 'device', deviceId: device.id },
  });
  expect(method.status(), await method.text()).toBe(200);
  // Out of the gate a day and a half ago: Nagpur and Kolkata are where a truck can be by now.
  const at = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber, driverChecked: true, at: at(38) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 20_000, tareKg: 8_000, sealNumber: `S-CL-${n}`, at: at(37) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'], at: at(36) }, 200);
  await forward(request, `35848008120000${n}`, lat, lng);
  return { id: order.id, vehicleNumber };
}

test('the all-in-one map clusters crowded vehicles by their worst state and a click on a cluster zooms in', async ({ page, request }) => {
  test.setTimeout(2 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const signIn = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } });
  const token = (await signIn.json()).data.token as string;
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat Cluster DC' });
  const setup: Setup = { request, owner, token, ids: await demoIds(owner), stopId: stop.id };
  // Three trucks a few km apart outside Nagpur (two of them arrived), one at Kolkata, 950 km east
  // (the other specs' trucks are in Maharashtra and Gujarat).
  const moving = await onRoad(setup, 1, 21.1, 79.0);
  const done = [await onRoad(setup, 2, 21.15, 79.06), await onRoad(setup, 3, 21.12, 79.11)];
  for (const order of done) {
    await vayu.post(`/api/carrier/orders/${order.id}/arrive`, {}, 200);
  }
  const far = await onRoad(setup, 4, 22.57, 88.36);

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto('/#/all-in-one-map');
  const map = page.getByRole('region', { name: 'Map of every active vehicle' });
  const cluster = map.locator('.fd-map-cluster[title^="3 vehicles: 1 In transit, 2 Arrived"]');
  await expect(cluster).toHaveCount(1);
  await expect(cluster).toHaveText('3');
  // Coloured by its worst vehicle: in transit (green) outranks arrived (blue).
  await expect(cluster.locator('div')).toHaveCSS('background-color', GREEN);
  await expect(map.locator('.leaflet-tooltip', { hasText: far.vehicleNumber })).toBeVisible();
  for (const v of [moving, ...done]) {
    await expect(map.locator('.leaflet-tooltip', { hasText: v.vehicleNumber })).toHaveCount(0);
  }

  await cluster.click();
  await expect(cluster).toHaveCount(0);
  for (const v of [moving, ...done]) {
    await expect(map.locator('.leaflet-tooltip', { hasText: v.vehicleNumber })).toBeVisible();
  }
  await expect(map.locator('.leaflet-tooltip', { hasText: moving.vehicleNumber })).toContainText('In transit');
  await expect(map.locator('.leaflet-tooltip', { hasText: done[0]?.vehicleNumber ?? '-' })).toContainText('Arrived');
});
