import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow, pairPhone } from './shipper-api.ts';

/**
 * Issue 10, the shipper's tracking screens: an order on the road with a phone device is fed
 * positions in Traccar Client's exact format on the OsmAnd port (the halted trip's come through a
 * Traccar server's forwarding, with the secret of playwright.config.ts); the truck
 * and its trail move on the order's live map and on the outbound board without a reload; the
 * places list shows them with addresses; a public live link opened logged out shows the trip and
 * no price, loads none of the app's code, and is refused once revoked.
 */

const SECRET = 'e2e-traccar-forward-secret';
/** A drop-off a few km up the Nashik highway from the Chakan plant: the trip is an hour long. */
const NEAR_DROP = { latitude: 19.26, longitude: 73.625 };
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/live/tracking-${name}.png`, fullPage: true });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/**
 * One position exactly as Traccar Client sends it to the OsmAnd port: a POST with everything in the
 * query string (unix seconds, speed in knots, battery in per cent) and an empty body.
 */
async function phone(request: APIRequestContext, id: string, at: { lat: number; lng: number; knots: number; minutesAgo: number }) {
  const query = new URLSearchParams({
    id,
    timestamp: String(Math.floor((Date.now() - at.minutesAgo * 60_000) / 1000)),
    lat: String(at.lat),
    lon: String(at.lng),
    speed: String(at.knots),
    bearing: '340',
    altitude: '560',
    accuracy: '8',
    batt: '81',
  });
  const res = await request.post(`http://127.0.0.1:${process.env.E2E_OSMAND_PORT}/?${query}`);
  expect(res.status(), await res.text()).toBe(200);
}

/** One position as a Traccar server forwards it (`forward.type=json`): speed in knots, id 0. */
async function forward(request: APIRequestContext, at: { lat: number; lng: number; knots: number; minutesAgo: number }, uniqueId: string) {
  const res = await request.post('/api/tracking/traccar', {
    headers: { 'x-traccar-secret': SECRET },
    data: {
      position: {
        id: 0,
        deviceId: 7,
        protocol: 'osmand',
        fixTime: minutesAgo(at.minutesAgo),
        deviceTime: minutesAgo(at.minutesAgo),
        valid: true,
        latitude: at.lat,
        longitude: at.lng,
        altitude: 560,
        speed: at.knots,
        course: 340,
        accuracy: 8,
        attributes: { batteryLevel: 81, motion: true },
      },
      device: { id: 7, name: 'Driver phone', uniqueId, status: 'online' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a phone-tracked trip moves live on the order map and the board, and its public link works until revoked', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, ...NEAR_DROP, name: 'Surat Tracking DC' });
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 48750,
    pickupAt: hoursFromNow(-2),
    dropoffs: [{ stopId: stop.id }],
    vehicleNumber: 'MH14TR4316',
    driverName: 'Sunil Jadhav',
    driverMobile: '9822043160',
  });
  // The driver's phone (Traccar Client) is paired and put on the order; the truck left the plant 70 minutes ago.
  const device = await pairPhone(request, 'owner@demo.test', 'Driver phone');
  const token = (await (await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: 'Demo@12345' } })).json()).data
    .token as string;
  const method = await request.put(`/api/tracking/outbound/orders/${order.id}/method`, {
    headers: { authorization: `Bearer ${token}` },
    data: { method: 'device', deviceId: device.id },
  });
  expect(method.status(), await method.text()).toBe(200);
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: 'MH14TR4316', driverChecked: true, at: at(100) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 22_100, tareKg: 8_900, sealNumber: 'SEAL-4316', at: at(80) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'], at: at(70) }, 200);
  // Positions a truck on the road could send: the filters take them (issue 31).
  await phone(request, device.identifier, { lat: 19.05, lng: 73.7, knots: 24, minutesAgo: 40 });
  await phone(request, device.identifier, { lat: 19.12, lng: 73.67, knots: 27, minutesAgo: 25 });

  // From the order's page to its live map: the truck, its trail, where and how fast.
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto(`/#/order/outbound/${order.id}`);
  await page.getByRole('link', { name: 'Live tracking' }).click();
  await expect(page.getByRole('heading', { name: `Live tracking: ${order.number}` })).toBeVisible();
  const map = page.getByRole('region', { name: `Live map of ${order.number}` });
  await expect(map.locator('.leaflet-tooltip', { hasText: 'MH14TR4316' })).toBeVisible();
  await expect(map.locator('path.leaflet-interactive[stroke="#2fa271"]')).toHaveCount(1);
  const last = page.getByRole('group', { name: 'Last position' });
  await expect(last).toContainText('50 km/h');
  await expect(last).toContainText('Phone / GPS');
  await expect(page.getByRole('region', { name: 'Trip' })).toContainText('In transit');
  await expect(page.getByRole('region', { name: 'Trip' })).toContainText(`App / GPS device · …${device.identifier.slice(-4)}`);
  await shot(page, 'order-map');
  await page.setViewportSize({ width: 412, height: 900 });
  await expect(map.locator('.leaflet-tooltip', { hasText: 'MH14TR4316' })).toBeVisible();
  await shot(page, 'order-map-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A new position arrives: the page follows it live (no reload).
  await phone(request, device.identifier, { lat: 19.2, lng: 73.64, knots: 32, minutesAgo: 1 });
  await expect(last).toContainText('59 km/h');
  await expect(last).toContainText(/just now|1 min ago/);

  // The places list: each position with its address, newest first.
  await page.getByRole('link', { name: 'Places' }).click();
  const places = page.getByRole('table', { name: 'Places' });
  await expect(places.getByRole('row')).toHaveCount(4);
  await expect(places.getByRole('row').nth(1)).toContainText('59 km/h');
  await expect(places.getByRole('row').nth(1)).toContainText(/of|near|,/);
  await shot(page, 'places');

  // The outbound board: the trip under In transit with its count, and it moves live too.
  await page.goto('/#/outbound-tracking');
  await expect(page.getByRole('tab', { name: /In transit/ })).toContainText('1');
  const row = page.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText('59 km/h');
  await expect(row).toContainText('MH14TR4316');
  await phone(request, device.identifier, { lat: 19.215, lng: 73.635, knots: 38, minutesAgo: 0 });
  await expect(row).toContainText('70 km/h');
  await shot(page, 'board');

  // The all-in-one map: the truck coloured by its state; a click opens its live map.
  await page.goto('/#/all-in-one-map');
  await expect(page.getByRole('listitem').filter({ hasText: 'In transit: 1' })).toBeVisible();
  const everyVehicle = page.getByRole('region', { name: 'Map of every active vehicle' });
  const dot = everyVehicle.locator('path.leaflet-interactive[fill="#2f9e44"]');
  await expect(dot).toHaveCount(1);
  await shot(page, 'all-in-one-map');
  await dot.click({ force: true });
  await expect(page.getByRole('heading', { name: `Live tracking: ${order.number}` })).toBeVisible();

  // Share a public live link: copy and WhatsApp, opened logged out.
  await page.getByRole('button', { name: 'Share live link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Live link' });
  const url = await linkBox.inputValue();
  expect(url).toMatch(/#\/live\/[A-Za-z0-9_-]{22,}$/);
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=Track%20shipment/);
  await shot(page, 'share');
  const hash = url.slice(url.indexOf('#'));
  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  await pub.setViewportSize({ width: 412, height: 900 });
  const scripts: string[] = [];
  pub.on('response', (r) => {
    if (r.url().endsWith('.js')) {
      scripts.push(r.url());
    }
  });
  await pub.goto(`/${hash}`);
  await expect(pub.getByRole('heading', { name: `Shipment ${order.number}` })).toBeVisible();
  await expect(pub.getByText('Vehicle MH14TR4316')).toBeVisible();
  await expect(pub.getByRole('region', { name: 'Last position' })).toContainText('70 km/h');
  await expect(pub.getByRole('region', { name: 'Stops' })).toContainText('Surat Tracking DC');
  await expect(
    pub.getByRole('region', { name: `Map of shipment ${order.number}` }).locator('path.leaflet-interactive[stroke="#2fa271"]'),
  ).toHaveCount(1);
  const text = (await pub.locator('main').textContent()) ?? '';
  expect(text).not.toMatch(/48,750|48750|₹|Vayu|price/i);
  // Its own small bundle: none of the app's code (main-*.js) is loaded.
  expect(scripts.some((s) => /\/main-[^/]*\.js$/.test(s))).toBe(false);
  await shot(pub, 'public');

  // Revoked: the link shows nothing any more.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('group', { name: /Live link of/ })).toContainText('Revoked');
  await pub.reload();
  await expect(pub.getByRole('alert')).toContainText('This tracking link was withdrawn by the sender.');
  await expect(pub.getByRole('heading', { name: `Shipment ${order.number}` })).toHaveCount(0);
  await shot(pub, 'public-revoked');
  await visitor.close();

  // The truck stays at the drop-off: seen there three times over six minutes (the phone's clock a
  // few minutes fast, within what the filters allow), the order turns arrived by itself, live.
  await page.goto('/#/outbound-tracking');
  await expect(page.getByRole('tab', { name: /In transit/ })).toContainText('1');
  for (const minutesAgo of [-2, -5, -8]) {
    await phone(request, device.identifier, { lat: NEAR_DROP.latitude, lng: NEAR_DROP.longitude, knots: 0, minutesAgo });
  }
  await expect(page.getByRole('tab', { name: /Arrived/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /In transit/ })).toContainText('0');
  await page.getByRole('tab', { name: /Arrived/ }).click();
  await expect(page).toHaveURL(/#\/outbound-tracking\/arrived/);
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText('Arrived');
  await shot(page, 'board-arrived');

  // Its schedule: planned against actual at each stop.
  await page.goto(`/#/outbound-tracking/schedule-map/${order.id}`);
  const schedule = page.getByRole('table', { name: 'Planned against actual' });
  const drop = schedule.getByRole('row').filter({ hasText: 'Drop-off: Surat Tracking DC' });
  await expect(drop.getByRole('cell').nth(3)).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [ap]m IST$/);
  await shot(page, 'schedule');
});

test('a truck standing still for 40 minutes shows as halted on its map and on the board', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat Halt DC' });
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 39900,
    pickupAt: hoursFromNow(-2),
    dropoffs: [{ stopId: stop.id }],
    vehicleNumber: 'MH14HT0042',
    driverName: 'Vijay More',
    driverMobile: '9822000042',
  });
  // A GPS unit by its IMEI: it reports through the platform's Traccar server.
  const identifier = '358480081234567';
  const device = await owner.post<{ id: number }>('/api/tracking/devices', { identifier, kind: 'gps' });
  const token = (await (await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: 'Demo@12345' } })).json()).data
    .token as string;
  const method = await request.put(`/api/tracking/outbound/orders/${order.id}/method`, {
    headers: { authorization: `Bearer ${token}` },
    data: { method: 'device', deviceId: device.id },
  });
  expect(method.status(), await method.text()).toBe(200);
  // Out of the gate three hours ago: Nashik is two hours up the road.
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: 'MH14HT0042', driverChecked: true, at: at(200) }, 200);
  await owner.post(
    `/api/orders/outbound/${order.id}/loaded`,
    { grossKg: 20_000, tareKg: 8_000, sealNumber: 'SEAL-0042', at: at(190) },
    200,
  );
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'], at: at(180) }, 200);
  // Parked at a dhaba near Nashik: the same place for 40 minutes, far from every stop.
  for (const minutesAgo of [42, 30, 18, 6, 1]) {
    await forward(request, { lat: 19.9975, lng: 73.7898, knots: 0, minutesAgo }, identifier);
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto(`/#/order/outbound/track/${order.id}/${order.number}`);
  const halts = page.getByRole('region', { name: 'Halts' });
  // The trip scan runs once a minute: the halt (and the ETA) show without a reload when it has.
  await expect(halts).toContainText('Still halted', { timeout: 90_000 });
  await expect(halts).toContainText('19.9975, 73.7898');
  await expect(page.getByRole('region', { name: 'Trip' })).toContainText('Halted');
  await shot(page, 'halted');
  await page.goto('/#/outbound-tracking/halted');
  await expect(page.getByRole('tab', { name: /Halted/ })).toContainText('1');
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText('Halted');
});
