import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { login, SURAT_STOP } from './helpers.ts';
import { png } from './png.ts';
import { type ApiUser, apiUser, demoIds, hoursFromNow, offlineOrder } from './shipper-api.ts';

/**
 * The driver's trip link (issue 35, records 0300 and 0302): the carrier sends the driver a link
 * from the order's panel; the driver opens it on a phone without an account, in English or Hindi,
 * shares the phone's location, reports at the plant; on the road without network marks Arrived and
 * photographs the POD, reloads, and both land once when the network returns.
 */

const PHONE = { width: 390, height: 844 };
const CHAKAN = { latitude: 18.7606, longitude: 73.8636, accuracy: 12 };

type Timeline = { status: string; timeline: { from: string | null; to: string; reason: string | null }[] };
/** The moves into a status (a document added is on the timeline too, from a status to itself). */
const into = (t: Timeline, status: string) => t.timeline.filter((e) => e.to === status && e.from !== status);

/** The carrier's order panel: Send trip link to driver, the ways to send it; answers the link's address. */
async function carrierSendsLink(page: Page, order: { number: string }, vehicle: string): Promise<string> {
  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, 'carrier@demo.test');
  await page.goto('/#/carrier/orders');
  const row = page.locator(`tr[data-order-number="${order.number}"]`);
  await row.getByRole('button', { name: `Details of ${order.number}` }).click();
  await page.getByRole('button', { name: 'Send trip link to driver' }).click();
  const dialog = page.getByRole('dialog', { name: `Send trip link to driver: ${order.number}` });
  await expect(dialog.getByRole('textbox', { name: 'Driver mobile' })).toHaveValue('9822055511');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Trip link' }).inputValue();
  expect(url).toMatch(/#\/trip\/[A-Za-z0-9_-]{22,}$/);
  const text = encodeURIComponent(`Freightdesk trip ${order.number}, ${vehicle}: ${url}`);
  await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/919822055511?text=${text}`);
  await expect(dialog.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', `sms:9822055511?body=${text}`);
  await page.screenshot({ path: test.info().outputPath('carrier-send-link.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByText('Link active')).toBeVisible();
  return url;
}

/** The page in English, then in Hindi, which a reload keeps; back to English. */
async function languages(driver: Page, number: string) {
  await expect(driver.getByRole('heading', { level: 1, name: `Trip ${number}` })).toBeVisible();
  await expect(driver).toHaveTitle(`Trip ${number} · Freightdesk`);
  await expectAccessible(driver, 'the driver’s trip page');
  await driver.screenshot({ path: test.info().outputPath('trip-en.png'), fullPage: true });
  await driver.getByText('हिन्दी').click();
  await expect(driver.getByRole('heading', { level: 1, name: `ट्रिप ${number}` })).toBeVisible();
  await driver.reload();
  await expect(driver.getByRole('heading', { level: 1, name: `ट्रिप ${number}` })).toBeVisible();
  await expect(driver.getByRole('heading', { name: 'अपनी लोकेशन भेजें' })).toBeVisible();
  await expect(driver.locator('html')).toHaveAttribute('lang', 'hi');
  await expectAccessible(driver, 'the driver’s trip page in Hindi');
  await driver.screenshot({ path: test.info().outputPath('trip-hi.png'), fullPage: true });
  await driver.getByText('English').click();
  await expect(driver.getByRole('heading', { level: 1, name: `Trip ${number}` })).toBeVisible();
}

/** Location sharing with consent: started, the first position sent and landed on the order's track. */
async function sharesLocation(driver: Page, owner: ApiUser, orderId: number) {
  await expect(driver.getByText('only to your transporter')).toBeVisible();
  await driver.getByRole('button', { name: 'Start sharing location' }).click();
  await expect(driver.getByText(/Sharing location · last sent \d\d:\d\d/)).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(
      async () =>
        (await owner.get<{ lastPosition: { latitude: number } | null }>(`/api/tracking/outbound/orders/${orderId}`)).lastPosition?.latitude,
      {
        timeout: 20_000,
      },
    )
    .toBeCloseTo(CHAKAN.latitude, 3);
}

/** Offline: Arrived, then the POD photo (made smaller on the phone) with the receiver; both wait. */
async function arriveAndDeliverOffline(context: BrowserContext, driver: Page) {
  await context.setOffline(true);
  await driver.getByRole('button', { name: 'Arrived', exact: true }).click();
  await expect(driver.getByText('Arrived · waiting to send')).toBeVisible();
  const photo = png(2000, 1500, [90, 90, 90], true);
  await driver.locator('input[type="file"][capture]').setInputFiles({ name: 'IMG_POD.png', mimeType: 'image/png', buffer: photo });
  await expect(driver.getByRole('img', { name: 'POD photo preview' })).toBeVisible();
  await expect(driver.getByText(/IMG_POD\.jpg · [\d.]+ (KB|MB) \(made smaller from 8\.\d MB\)/)).toBeVisible();
  await driver.getByRole('textbox', { name: 'Receiver name' }).fill('Kiran Shah');
  await driver.getByRole('button', { name: 'Send POD · Delivered' }).click();
  await expect(driver.getByText('Delivered with POD · waiting to send')).toBeVisible();
}

test('the carrier sends a trip link; the driver shares location and delivers offline, each move landing once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const tail = String(Date.now()).slice(-4);
  const vehicle = `MH12DT${tail}`;
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: `Driver Depot ${tail}` });
  const order = await offlineOrder(owner, ids, stop.id, {
    pickupAt: hoursFromNow(-1),
    vehicleNumber: vehicle,
    driverName: 'Sunil Jadhav',
    driverMobile: '9822055511',
  });
  const url = await carrierSendsLink(page, order, vehicle);

  // The driver's phone: no account, location allowed, at the plant.
  const context = await browser.newContext({ viewport: PHONE, permissions: ['geolocation'], geolocation: CHAKAN });
  const driver = await context.newPage();
  await driver.goto(`${new URL(page.url()).origin}/${new URL(url).hash}`);
  await languages(driver, order.number);
  await sharesLocation(driver, owner, order.id);

  // At the plant: Reported, online; then the shipper's gate lets the truck in, loads it and out.
  await driver.getByRole('button', { name: 'Reported at plant' }).click();
  await expect(driver.getByText('Done: Reported at plant')).toBeVisible();
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 24_000, tareKg: 9_000, sealNumber: `SEAL-${tail}` }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'] }, 200);
  await driver.reload();
  await expect(driver.getByRole('button', { name: 'Arrived', exact: true })).toBeVisible();
  // The service worker holds the app, so the page opens again without network.
  await driver.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  await arriveAndDeliverOffline(context, driver);
  const kept = driver.getByRole('list', { name: 'Moves kept on this phone' });
  await expect(kept.getByRole('listitem')).toHaveCount(2);
  await driver.reload();
  await expect(driver.getByRole('heading', { level: 1, name: `Trip ${order.number}` })).toBeVisible();
  await expect(kept.getByRole('listitem')).toHaveCount(2);
  await expect(kept.getByRole('listitem').filter({ hasText: 'Waiting to send' })).toHaveCount(2);
  await expect(kept).toContainText('Arrived');
  await expect(kept).toContainText('Delivered with POD');
  await driver.screenshot({ path: test.info().outputPath('trip-offline-kept.png'), fullPage: true });

  await context.setOffline(false);
  await expect(kept).toHaveCount(0, { timeout: 30_000 });
  const landed = await owner.get<Timeline>(`/api/orders/outbound/${order.id}`);
  expect(landed.status).toBe('delivered');
  expect(into(landed, 'arrived')).toHaveLength(1);
  expect(into(landed, 'arrived')[0]?.reason).toContain('Driver (trip link)');
  expect(into(landed, 'delivered')).toHaveLength(1);
  const pods = await owner.get<{ receiverName: string; fileName: string }[]>(`/api/orders/outbound/${order.id}/pod`);
  expect(pods).toHaveLength(1);
  expect(pods[0]).toMatchObject({ receiverName: 'Kiran Shah', fileName: 'IMG_POD.jpg' });
  await driver.screenshot({ path: test.info().outputPath('trip-sent.png'), fullPage: true });
  await context.close();
});

test('at 360 px: location refused is said with how to allow it; an ended link says so', async ({ browser, request, baseURL }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const tail = String(Date.now()).slice(-4);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: `Refusal Depot ${tail}` });
  const order = await offlineOrder(owner, ids, stop.id, {
    pickupAt: hoursFromNow(-1),
    vehicleNumber: `MH12DR${tail}`,
    driverName: 'Sunil Jadhav',
    driverMobile: '9822055511',
  });
  const link = await vayu.post<{ url: string }>(`/api/carrier/orders/${order.id}/driver-link`, {});

  // No permission given: the browser refuses the page's request.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const driver = await context.newPage();
  await driver.goto(`${baseURL}/${new URL(link.url).hash}`);
  await expect(driver.getByRole('heading', { level: 1, name: `Trip ${order.number}` })).toBeVisible();
  await driver.getByRole('button', { name: 'Start sharing location' }).click();
  await expect(driver.getByRole('alert')).toContainText('Location is blocked for this page. To share it: tap the sign');
  await expect(driver.getByRole('button', { name: 'Start sharing location' })).toBeVisible();
  expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(driver, 'the driver’s trip page at 360 px, location refused');
  await driver.screenshot({ path: test.info().outputPath('trip-360-refused.png'), fullPage: true });

  // The carrier ends the link: the page says so instead of the trip.
  await vayu.delete(`/api/carrier/orders/${order.id}/driver-link`);
  await driver.reload();
  await expect(driver.getByRole('alert')).toHaveText('This trip link has ended or is not valid. Ask your transporter for a new one.');
  await expect(driver.getByRole('heading', { level: 1, name: 'Your trip' })).toBeVisible();
  // The tab says which page it is even without a trip (WCAG 2.4.2), opened afresh from the link.
  await expect(driver).toHaveTitle('Your trip · Freightdesk');
  await context.close();
});

test('an Arrived kept offline that the transporter made meanwhile is shown not applied, with the server’s answer', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const tail = String(Date.now()).slice(-4);
  const vehicle = `MH12DC${tail}`;
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: `Conflict Depot ${tail}` });
  const order = await offlineOrder(owner, ids, stop.id, {
    pickupAt: hoursFromNow(-2),
    vehicleNumber: vehicle,
    driverName: 'Sunil Jadhav',
    driverMobile: '9822055511',
  });
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 24_000, tareKg: 9_000, sealNumber: `SEAL-C${tail}` }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'] }, 200);
  const link = await vayu.post<{ url: string }>(`/api/carrier/orders/${order.id}/driver-link`, {});

  const context = await browser.newContext({ viewport: PHONE });
  const driver = await context.newPage();
  await driver.goto(`${baseURL}/${new URL(link.url).hash}`);
  await expect(driver.getByRole('button', { name: 'Arrived', exact: true })).toBeVisible();
  await context.setOffline(true);
  await driver.getByRole('button', { name: 'Arrived', exact: true }).click();
  await expect(driver.getByText('Arrived · waiting to send')).toBeVisible();

  // Meanwhile the transporter's office marks the arrival from its portal.
  await vayu.post(`/api/carrier/orders/${order.id}/arrive`, {}, 200);
  await context.setOffline(false);
  const kept = driver.getByRole('list', { name: 'Moves kept on this phone' });
  await expect(kept.getByRole('listitem')).toContainText('Not applied', { timeout: 30_000 });
  await expect(kept.getByRole('listitem')).toContainText('Now:');
  await expect(driver.getByText('Arrived · waiting to send')).toHaveCount(0);
  // The page asks for the trip again: the POD is next.
  await expect(driver.getByRole('heading', { name: 'Proof of delivery (POD)' })).toBeVisible();
  await driver.screenshot({ path: test.info().outputPath('trip-conflict.png'), fullPage: true });
  const timeline = await owner.get<Timeline>(`/api/orders/outbound/${order.id}`);
  expect(into(timeline, 'arrived')).toHaveLength(1);
  expect(into(timeline, 'arrived')[0]?.reason ?? '').not.toContain('Driver (trip link)');

  await kept.getByRole('button', { name: 'Dismiss' }).click();
  await expect(kept).toHaveCount(0);
  await context.close();
});
