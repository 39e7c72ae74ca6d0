import { type APIRequestContext, expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { choose, login } from './helpers.ts';
import { indiaDay } from './indent-steps.ts';
import { png } from './png.ts';
import { type ApiUser, apiUser, awardedOrder, demoIds, hoursFromNow, offlineOrder } from './shipper-api.ts';

/**
 * Issue 35 (part 4): the carrier's portal on a phone. Below 768 px My orders, Indents, Requests and
 * Invoices show their rows as cards with the next move full width, the status tabs as a select kept
 * in the URL, and nothing scrolls sideways at 360 px; an awarded order gets its vehicle from its card.
 */

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 740 };
const stamp = String(Date.now()).slice(-6);

type Ids = Awaited<ReturnType<typeof demoIds>>;
type Made = { id: number; number: string };
/** What the shipper (and the carrier, through the API) set up for the four pages. */
type Setup = {
  awarded: { request: Made; order: Made };
  withTruck: Made;
  live: Made;
  indents: { answered: string; waiting: string };
  invoice: string;
};
let made: Setup;

const stop = (owner: ApiUser, name: string) =>
  owner.post<{ id: number }>('/api/stops', {
    name,
    type: 'drop',
    address: 'MIDC Phase 2',
    city: 'Nashik',
    state: 'Maharashtra',
    pincode: '422010',
    latitude: 20.0,
    longitude: 73.8,
  });

/** A lane contracted whole to Vayu, two indents on it, the first accepted by Vayu (so it leaves To answer). */
async function indents(owner: ApiUser, vayu: ApiUser, ids: Ids, stopId: number) {
  const rfq = await owner.post<{ id: number; laneList: { id: number }[] }>('/api/rfqs', {
    title: `Phone lane ${stamp}`,
    plantId: ids.plantId,
    periodFrom: indiaDay(0),
    periodTo: indiaDay(365),
    lanes: [
      {
        origin: { kind: 'plant', id: ids.plantId },
        destination: { kind: 'stop', id: stopId },
        vehicleTypeId: ids.vehicleTypeId,
        tripsPerMonth: 10,
        weightTonnes: 18,
      },
    ],
    carrierLinkIds: [ids.vayuLink],
  });
  const laneId = rfq.laneList[0]?.id ?? 0;
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: hoursFromNow(1) });
  await vayu.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: [{ laneId, amountRupees: 31_000 }] }, 200);
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);
  await owner.post(`/api/rfqs/${rfq.id}/award`, { lanes: [{ laneId, splits: [{ carrierLinkId: ids.vayuLink, sharePct: 100 }] }] }, 200);
  const placed = await owner.post<Made[]>('/api/indents', {
    indents: [1, 2].map(() => ({ laneId, vehicles: 1, reportingAt: hoursFromNow(30) })),
  });
  const [answered, waiting] = placed.map((i) => i.number);
  const turn = placed[0]?.id ?? 0;
  await vayu.post(`/api/carrier/indents/${turn}/answer`, { answer: 'accept', vehicles: 1 }, 200);
  return { answered: answered ?? '', waiting: waiting ?? '' };
}

/** A Vayu order through the shipper's gate, arrived and delivered with a POD, then invoiced by Vayu. */
async function invoice(owner: ApiUser, vayu: ApiUser, request: APIRequestContext, token: string, ids: Ids, stopId: number) {
  const vehicle = `MH15PH${stamp.slice(-4)}`;
  const order = await offlineOrder(owner, ids, stopId, {
    pickupAt: hoursFromNow(-8),
    vehicleNumber: vehicle,
    driverName: 'Nitin Gaikwad',
    driverMobile: '9822044556',
  });
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true, at: hoursFromNow(-7) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 22_000, tareKg: 9_000, at: hoursFromNow(-6) }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'], at: hoursFromNow(-5) }, 200);
  await vayu.post(`/api/carrier/orders/${order.id}/arrive`, {}, 200);
  const delivered = await request.post(`/api/carrier/orders/${order.id}/deliver`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      receiverName: 'Stores',
      deliveredAt: new Date().toISOString(),
      file: { name: 'pod.png', mimeType: 'image/png', buffer: png() },
    },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const number = `VR/PH/${stamp}`;
  await vayu.post('/api/carrier/invoices', {
    number,
    invoiceDate: indiaDay(0),
    gstScheme: 'rcm',
    lines: [{ orderId: order.id, kind: 'freight', amountRupees: 40_000 }],
  });
  return number;
}

test.describe.configure({ mode: 'serial', timeout: 4 * 60_000 });

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const token = (await (await request.post('/api/auth/login', { data: { login: 'carrier@demo.test', password: 'Demo@12345' } })).json())
    .data.token;
  const ids = await demoIds(owner);
  const drop = await stop(owner, `Nashik Phone DC ${stamp}`);
  const withTruck = await offlineOrder(owner, ids, drop.id, {
    vehicleNumber: 'MH15PH1001',
    driverName: 'Anil Shinde',
    driverMobile: '9822011223',
  });
  const awarded = await awardedOrder(owner, vayu, ids, { stopId: drop.id, pickupAt: hoursFromNow(30), bidEndMs: 8_000 });
  const live = await owner.post<Made>('/api/requests/outbound', {
    requestType: 1,
    plantId: ids.plantId,
    dropoffs: [{ stopId: drop.id }],
    weightTonnes: 18,
    vehicleTypeId: ids.vehicleTypeId,
    vehicleCount: 2,
    bidStartAt: hoursFromNow(-1),
    bidEndAt: hoursFromNow(3),
    pickupAt: hoursFromNow(30),
    targetPriceRupees: 45_000,
    carrierLinkIds: [ids.vayuLink],
  });
  made = {
    awarded,
    withTruck,
    live,
    indents: await indents(owner, vayu, ids, drop.id),
    invoice: await invoice(owner, vayu, request, token, ids, drop.id),
  };
  await request.dispose();
});

/** The elements past the right edge when the page scrolls sideways (none when it does not). */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) {
      return [];
    }
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      .slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 50)} → ${Math.round(e.getBoundingClientRect().right)} px`);
  });
}

/** Accessible at 390 px, nothing sideways at 390 and 360 px, and a full-page screenshot at each. */
async function phoneChecks(page: Page, testInfo: TestInfo, slug: string) {
  // A phone has no pointer resting on a button: the last click's spot would leave one in its hover colour.
  await page.mouse.move(0, 0);
  await expect.poll(() => sideways(page), { message: `${slug} scrolls sideways at 390 px` }).toEqual([]);
  await expectAccessible(page, `${slug} at 390 px`);
  await page.screenshot({ path: testInfo.outputPath(`carrier-${slug}-390.png`), fullPage: true });
  await page.setViewportSize(SMALL);
  await expect.poll(() => sideways(page), { message: `${slug} scrolls sideways at 360 px` }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`carrier-${slug}-360.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

/** A card's big button: across the card and a thumb high. */
async function expectFullWidth(button: Locator, card: Locator) {
  const [b, c] = [await button.boundingBox(), await card.boundingBox()];
  expect(b?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(b?.width ?? 0).toBeGreaterThan((c?.width ?? 0) * 0.7);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, 'carrier@demo.test');
});

test('My orders: cards, the status select, and a vehicle assigned from the card', async ({ page }, testInfo) => {
  await page.goto('/#/carrier/orders');
  const cards = page.getByRole('list', { name: 'My orders' });
  const awardedCard = cards.getByRole('article', { name: `Order ${made.awarded.order.number}` });
  const truckCard = cards.getByRole('article', { name: `Order ${made.withTruck.number}` });
  await expect(awardedCard).toContainText('Placed');
  await expect(truckCard).toContainText('MH15PH1001');
  await expect(page.getByRole('table', { name: 'My orders' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);

  // The status select narrows the list and keeps the status in the URL.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption('vehicle_assigned');
  await expect(page).toHaveURL(/status=vehicle_assigned/);
  await expect(awardedCard).toHaveCount(0);
  await expect(truckCard).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('vehicle_assigned');
  await expect(truckCard).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('placed');
  await expect(page).toHaveURL(/status=placed/);
  await expect(awardedCard).toBeVisible();
  await expect(truckCard).toHaveCount(0);
  await phoneChecks(page, testInfo, 'orders');

  // The next move is the card's full-width button; Reject waits in its menu.
  const assign = awardedCard.getByRole('button', { name: 'Assign vehicle' });
  await expectFullWidth(assign, awardedCard);
  await awardedCard.getByRole('button', { name: `More moves on Order ${made.awarded.order.number}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Reject' })).toBeVisible();
  await page.keyboard.press('Escape');
  await assign.click();
  const dialog = page.getByRole('dialog', { name: `Assign a vehicle to ${made.awarded.order.number}` });
  await dialog.getByRole('combobox', { name: 'Vehicle number' }).fill('MH15PH2002');
  await dialog.getByRole('textbox', { name: 'Driver name' }).fill('Sachin Bhosale');
  await dialog.getByRole('textbox', { name: 'Driver mobile' }).fill('9822055667');
  await page.screenshot({ path: testInfo.outputPath('carrier-orders-assign-390.png') });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByRole('dialog', { name: `Tracking of ${made.awarded.order.number}` })).toContainText('MH15PH2002 is assigned');
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('vehicle_assigned');
  await expect(awardedCard).toContainText('MH15PH2002');
  await expect(awardedCard).toContainText('Vehicle assigned');
  await expect(awardedCard.getByRole('button', { name: 'Reported at plant' })).toBeVisible();

  // Details folds the order's panel into its card, still within 360 px.
  await page.setViewportSize(SMALL);
  await awardedCard.getByRole('button', { name: `Details of ${made.awarded.order.number}` }).click();
  await expect(awardedCard.getByRole('group', { name: 'Consignment note (LR)' })).toBeVisible();
  await expect.poll(() => sideways(page), { message: 'an order card with its details scrolls sideways at 360 px' }).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('carrier-orders-details-360.png'), fullPage: true });

  // From 768 px the table stands as before.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('tab', { name: 'Vehicle assigned' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`tr[data-order-number="${made.awarded.order.number}"]`)).toContainText('MH15PH2002');
});

test('Reported at plant tapped without network is kept on the phone and lands once when the network returns', async ({
  page,
  request,
}, testInfo) => {
  await page.goto('/#/carrier/orders?status=vehicle_assigned');
  const card = page.getByRole('list', { name: 'My orders' }).getByRole('article', { name: `Order ${made.withTruck.number}` });
  await expect(card).toContainText('Vehicle assigned');
  await page.context().setOffline(true);
  await card.getByRole('button', { name: 'Reported at plant' }).click();
  const dialog = page.getByRole('dialog', { name: `Reported at plant: ${made.withTruck.number}` });
  await dialog.getByRole('button', { name: 'Reported at plant' }).click();
  await expect(dialog).toHaveCount(0);
  const kept = page.getByRole('list', { name: 'Moves kept on this device' });
  await expect(kept).toContainText(`Reported at plant MH15PH1001 (${made.withTruck.number})`);
  await expect(page.getByText('Kept on this device: 1 move waiting to send')).toBeVisible();
  await expectAccessible(page, 'my orders with a move kept offline at 390 px');
  await page.screenshot({ path: testInfo.outputPath('carrier-orders-kept-390.png'), fullPage: true });

  await page.context().setOffline(false);
  await expect(kept).toHaveCount(0, { timeout: 30_000 });
  const owner = await apiUser(request, 'owner@demo.test');
  const order = await owner.get<{ status: string; timeline: { to: string }[] }>(`/api/orders/outbound/${made.withTruck.id}`);
  expect(order.status).toBe('reported');
  expect(order.timeline.filter((e) => e.to === 'reported')).toHaveLength(1);
});

test('Indents: cards, To answer / All as a select, Answer full width', async ({ page }, testInfo) => {
  await page.goto('/#/carrier/indents');
  const cards = page.getByRole('list', { name: 'Indents to answer' });
  const waiting = cards.getByRole('article', { name: `Indent ${made.indents.waiting}` });
  await expect(waiting).toContainText(`Nashik Phone DC ${stamp}`);
  await expect(cards.getByRole('article', { name: `Indent ${made.indents.answered}` })).toHaveCount(0);
  const answer = waiting.getByRole('button', { name: `Answer ${made.indents.waiting}` });
  await expectFullWidth(answer, waiting);

  await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
  await expect(page).toHaveURL(/view=all/);
  const all = page.getByRole('list', { name: 'All indents' });
  await expect(all.getByRole('article', { name: `Indent ${made.indents.answered}` })).toContainText('Accepted');
  await phoneChecks(page, testInfo, 'indents');

  await page.getByRole('combobox', { name: 'Show' }).selectOption('pending');
  await expect(page).not.toHaveURL(/view=all/);
  await answer.click();
  await expect(page.getByRole('dialog', { name: `Indent ${made.indents.waiting}` })).toBeVisible();
});

test('Requests: live and finished auctions as cards, the tab as a select, the bid full width', async ({ page }, testInfo) => {
  await page.goto('/#/carrier/requests');
  const live = page.getByRole('article', { name: `Request ${made.live.number}` });
  const finished = page.getByRole('article', { name: `Request ${made.awarded.request.number}` });
  await expect(live).toBeVisible();
  await expect(finished).toHaveCount(0);
  await expectFullWidth(live.getByRole('button', { name: 'Place bid' }), live);
  await phoneChecks(page, testInfo, 'requests');

  await page.getByRole('combobox', { name: 'Requests' }).selectOption('finished');
  await expect(page).toHaveURL(/tab=finished/);
  await expect(finished).toContainText('Awarded');
  await expect(live).toHaveCount(0);
  await phoneChecks(page, testInfo, 'requests-finished');
});

test('Invoices: cards, the status select, opened from the card', async ({ page }, testInfo) => {
  await page.goto('/#/carrier/invoices');
  const cards = page.getByRole('list', { name: 'Invoices' });
  const card = cards.getByRole('article', { name: `Invoice ${made.invoice}` });
  await expect(card).toContainText('Submitted');
  await expect(card).toContainText('₹');
  await choose(page, 'Status', 'Approved');
  await expect(page).toHaveURL(/status=approved/);
  await expect(card).toHaveCount(0);
  await choose(page, 'Status', 'Submitted');
  await expect(page).toHaveURL(/status=submitted/);
  await expect(card).toBeVisible();
  await phoneChecks(page, testInfo, 'invoices');

  const open = card.getByRole('link', { name: `Open invoice ${made.invoice}` });
  await expectFullWidth(open, card);
  await open.click();
  await expect(page.getByRole('heading', { name: new RegExp(made.invoice.replace(/\//g, '\\/')) })).toBeVisible();
});
