import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow, offlineOrder, pairPhone } from './shipper-api.ts';

/**
 * Issue 31, the public tracking page: every name it shows is text (a stop named like markup stays
 * words, on the map's labels too), and a trip on the road shows its last position and an ETA at
 * once, not "No position yet" and "—" until a scan.
 */

const MARKUP = '<img src=x onerror=alert(1)>';
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/live/public-${name}.png`, fullPage: true });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** One position as Traccar Client sends it to the OsmAnd port (speed in knots). */
async function phone(request: APIRequestContext, id: string, at: { lat: number; lng: number; minutesAgo: number }) {
  const query = new URLSearchParams({
    id,
    timestamp: String(Math.floor((Date.now() - at.minutesAgo * 60_000) / 1000)),
    lat: String(at.lat),
    lon: String(at.lng),
    speed: '24',
    accuracy: '8',
  });
  const res = await request.post(`http://127.0.0.1:${process.env.E2E_OSMAND_PORT}/?${query}`);
  expect(res.status(), await res.text()).toBe(200);
}

test('the public page shows a stop named like markup as text, and the last position and ETA of a trip on the road', async ({
  request,
  browser,
}) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, latitude: 19.26, longitude: 73.625, name: MARKUP });
  const order = await offlineOrder(owner, ids, stop.id, {
    pickupAt: hoursFromNow(-2),
    vehicleNumber: 'MH14PB3601',
    driverName: 'Anil Pawar',
    driverMobile: '9822036010',
  });
  const device = await pairPhone(request, 'owner@demo.test', 'Public page phone');
  const login = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: 'Demo@12345' } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const method = await request.put(`/api/tracking/outbound/orders/${order.id}/method`, {
    headers,
    data: { method: 'device', deviceId: device.id },
  });
  expect(method.status(), await method.text()).toBe(200);
  await owner.post(
    `/api/orders/outbound/${order.id}/gate-in`,
    { vehicleNumber: 'MH14PB3601', driverChecked: true, at: minutesAgo(100) },
    200,
  );
  await owner.post(
    `/api/orders/outbound/${order.id}/loaded`,
    { grossKg: 21_000, tareKg: 8_500, sealNumber: 'SEAL-3601', at: minutesAgo(80) },
    200,
  );
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'], at: minutesAgo(70) }, 200);
  await phone(request, device.identifier, { lat: 19.05, lng: 73.7, minutesAgo: 40 });
  await phone(request, device.identifier, { lat: 19.12, lng: 73.67, minutesAgo: 25 });
  const link = await owner.post<{ path: string }>(`/api/tracking/outbound/orders/${order.id}/links`, { kind: 'live' });

  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  const dialogs: string[] = [];
  pub.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await pub.setViewportSize({ width: 360, height: 800 });
  await pub.goto(`/${link.path}`);
  await expect(pub.getByRole('heading', { name: `Shipment ${order.number}` })).toBeVisible();
  const map = pub.getByRole('region', { name: `Map of shipment ${order.number}` });
  // The stop's name is words on its map label and in the list, never an element.
  await expect(map.locator('.leaflet-tooltip', { hasText: `2. ${MARKUP}` })).toBeVisible();
  await expect(map.locator('.leaflet-tooltip img')).toHaveCount(0);
  await expect(pub.locator('main img:not(.leaflet-tile)')).toHaveCount(0);
  await expect(pub.getByRole('region', { name: 'Stops' })).toContainText(`Drop-off: ${MARKUP}`);
  // On the road with a position: where and an ETA, without waiting for the minute's scan.
  await expect(pub.getByRole('region', { name: 'Last position' })).toContainText('km/h');
  await expect(pub.getByRole('region', { name: 'Last position' })).not.toContainText('No position yet');
  await expect(pub.getByRole('region', { name: 'Arrival' })).toContainText(/ETA\s*\d/);
  await shot(pub, 'markup-360');
  expect(dialogs).toEqual([]);
  await visitor.close();
});
