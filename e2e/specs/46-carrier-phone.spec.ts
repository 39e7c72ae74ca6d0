import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { type CarrierPhoneData, carrierPhoneData, stamp } from './carrier-phone-data.ts';
import { choose, login, untilReadyOffline } from './helpers.ts';
import { expectFullWidth, expectNoIcu, PHONE, phoneChecks, SMALL, sideways, watchIcu } from './phone-checks.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 35 (part 4): the carrier's portal on a phone. Below 768 px My orders, Indents, Requests and
 * Invoices show their rows as cards with the next move full width, the status tabs as a select kept
 * in the URL, and nothing scrolls sideways at 360 px; an awarded order gets its vehicle from its card.
 * Without network (decisions 0303, 0309) Reported at plant and Assign vehicle are kept on the phone,
 * the card shows where they lead, and each lands once when the network returns.
 */

let made: CarrierPhoneData;

test.describe.configure({ mode: 'serial', timeout: 4 * 60_000 });

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  made = await carrierPhoneData(request);
  await request.dispose();
});

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
  // The list opened afresh draws its cards without setting up the browser's ICU (record 0323).
  await watchIcu(page);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('vehicle_assigned');
  await expect(truckCard).toBeVisible();
  await expect(truckCard).toContainText('₹');
  await expectNoIcu(page);
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
  // The app works offline: the service worker holds My orders' dialogs (pwa-shell.ts, record 0310).
  await untilReadyOffline(page);
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

test('a vehicle assigned without network is shown waiting, kept through a reload with the last known orders, and lands once when the network returns', async ({
  page,
  request,
}, testInfo) => {
  const number = made.toAssign.number;
  await page.goto('/#/carrier/orders?status=placed');
  const card = page.getByRole('list', { name: 'My orders' }).getByRole('article', { name: `Order ${number}` });
  await expect(card).toContainText('Placed');
  await untilReadyOffline(page);
  await page.context().setOffline(true);
  await card.getByRole('button', { name: 'Assign vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: `Assign a vehicle to ${number}` });
  await dialog.getByRole('combobox', { name: 'Vehicle number' }).fill('MH15PH4004');
  await dialog.getByRole('textbox', { name: 'Driver name' }).fill('Ganesh Pawar');
  await dialog.getByRole('textbox', { name: 'Driver mobile' }).fill('9822077889');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toHaveCount(0);

  // The card shows where the kept move leads: assigned to the new vehicle, waiting, Reported at plant next.
  await expect(card).toContainText('Vehicle assigned');
  await expect(card).toContainText('Waiting to send');
  await expect(card).toContainText('MH15PH4004');
  await expect(card.getByRole('button', { name: 'Reported at plant' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Assign vehicle' })).toHaveCount(0);
  const kept = page.getByRole('list', { name: 'Moves kept on this device' });
  await expect(kept).toContainText(`Assign vehicle MH15PH4004 (${number})`);
  await expectAccessible(page, 'my orders with an assignment kept offline at 390 px');
  await page.screenshot({ path: testInfo.outputPath('carrier-orders-assign-kept-390.png'), fullPage: true });

  // A reload without network: the app opens from its cache and the assignment still waits; the
  // orders are the last answer kept on the phone, said to be so, with the kept move over its card.
  await page.reload();
  await expect(kept.getByRole('listitem')).toHaveCount(1);
  await expect(kept).toContainText('Waiting to send');
  await expect(kept).toContainText(`Assign vehicle MH15PH4004 (${number})`);
  await expect(page.getByRole('status').filter({ hasText: 'The orders as last known, at' })).toBeVisible();
  await expect(card).toContainText('Vehicle assigned');
  await expect(card).toContainText('MH15PH4004');
  await expect(card).toContainText('Waiting to send');

  await page.context().setOffline(false);
  await expect(kept).toHaveCount(0, { timeout: 30_000 });
  const owner = await apiUser(request, 'owner@demo.test');
  const order = await owner.get<{ status: string; vehicleNumber: string; timeline: { to: string }[] }>(
    `/api/orders/outbound/${made.toAssign.id}`,
  );
  expect(order).toMatchObject({ status: 'vehicle_assigned', vehicleNumber: 'MH15PH4004' });
  expect(order.timeline.filter((e) => e.to === 'vehicle_assigned')).toHaveLength(1);
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
