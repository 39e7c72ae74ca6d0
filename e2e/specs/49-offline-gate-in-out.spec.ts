import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { choose, login, openPage, SURAT_STOP, untilReadyOffline } from './helpers.ts';
import { expectNoIcu, watchIcu } from './phone-checks.ts';
import { type ApiUser, apiUser, demoIds, reportedOrder } from './shipper-api.ts';

/**
 * The guard's phone without network, all the way (issue 35, decision 0301): a vehicle gated in,
 * weighed and gated out offline — the board shows each kept move where it leads and offers the next
 * one — survives a reload offline in order, and each move lands once when the network returns. The
 * board in Hindi, kept through a reload, accessible in both languages.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PLANT = 'Pune Chakan Plant';

type Timeline = { status: string; timeline: { to: string }[] };

/**
 * The guard's board at the plant with one vehicle to work on: an offline order of Vayu with a new
 * vehicle (`prefix` and this run's digits), reported at the plant, found on the board by its number.
 */
async function boardWithReportedVehicle(page: Page, request: APIRequestContext, prefix: string) {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const vehicle = `${prefix}${String(Date.now()).slice(-4)}`;
  const ids = await demoIds(owner, PLANT);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: `In-out Yard ${vehicle}` });
  const truck = { vehicleNumber: vehicle, driverName: 'Mahesh Kale', driverMobile: '9822066622' };
  const order = await reportedOrder(owner, vayu, ids, stop.id, truck);

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/outbound');
  // The board opened afresh is drawn without setting up the browser's ICU (record 0323).
  await watchIcu(page);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Vehicles by state' })).toBeVisible();
  await expectNoIcu(page);
  await choose(page, 'Plant', PLANT);
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(vehicle);
  await expect(page.getByRole('article').filter({ hasText: vehicle })).toContainText('Reported');
  return { owner, order, vehicle };
}

/** The order left the gate, its gate in, loading and gate out on its timeline once each, in order. */
async function expectLandedInOrder(owner: ApiUser, orderId: number) {
  const landed = await owner.get<Timeline>(`/api/orders/outbound/${orderId}`);
  expect(landed.status).toBe('gate_out');
  expect(landed.timeline.map((e) => e.to).filter((to) => ['gate_in', 'loaded', 'gate_out'].includes(to))).toEqual([
    'gate_in',
    'loaded',
    'gate_out',
  ]);
}

const count = (page: Page, state: string) =>
  page.getByRole('group', { name: 'Vehicles by state' }).getByRole('button', { name: new RegExp(`^${state}: `) });
const figure = async (page: Page, state: string) => Number((await count(page, state).getAttribute('aria-label'))?.split(': ')[1]);

/** Gate in, loaded (weighed) and gate out of one vehicle without network, each from the card the board shows after the last. */
async function inWeighedAndOut(page: Page, vehicle: string) {
  const card = page.getByRole('article').filter({ hasText: vehicle });
  await card.getByRole('button', { name: `Gate in ${vehicle}` }).click();
  const gateIn = page.getByRole('dialog', { name: `Gate in ${vehicle}` });
  await gateIn.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(gateIn).toBeHidden();
  await expect(card).toContainText('Inside');
  await expect(card).toContainText('Waiting to send');

  await card.getByRole('button', { name: `Loaded ${vehicle}` }).click();
  const loaded = page.getByRole('dialog', { name: `Loaded: ${vehicle}` });
  await loaded.getByRole('textbox', { name: 'Gross weight (kg)' }).fill('24350');
  await loaded.getByRole('textbox', { name: 'Tare weight (kg)' }).fill('9150');
  await expect(loaded.getByTestId('net-weight')).toHaveText('15,200 kg');
  await loaded.getByRole('button', { name: 'Record loading' }).click();
  await expect(loaded).toBeHidden();
  await expect(card).toContainText('Loaded');

  await card.getByRole('button', { name: `Gate out ${vehicle}` }).click();
  const gateOut = page.getByRole('dialog', { name: `Gate out ${vehicle}` });
  await gateOut.getByRole('checkbox', { name: 'Invoice' }).check();
  await gateOut.getByRole('button', { name: 'Gate out', exact: true }).click();
  await expect(gateOut).toBeHidden();
  await expect(card).toContainText('Left');
  await expect(card).toContainText('Waiting to send');
  await expect(card.getByRole('button')).toHaveCount(0);
}

test('a vehicle gated in, weighed and out offline is kept in order through a reload and lands once', async ({ page, context, request }) => {
  test.setTimeout(3 * 60_000);
  const { owner, order, vehicle } = await boardWithReportedVehicle(page, request, 'MH12IO');
  const start = { reported: await figure(page, 'Reported'), left: await figure(page, 'Left') };

  await untilReadyOffline(page);
  await context.setOffline(true);
  await inWeighedAndOut(page, vehicle);
  // The counts follow the board: the vehicle counts where its kept moves lead.
  await expect(count(page, 'Reported')).toHaveAccessibleName(`Reported: ${start.reported - 1}`);
  await expect(count(page, 'Left')).toHaveAccessibleName(`Left: ${start.left + 1}`);
  const kept = page.getByRole('list', { name: 'Moves kept on this device' });
  const moves = kept.getByRole('listitem');
  await expect(moves).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('gate-390.png'), fullPage: true });
  await expectAccessible(page, 'the gate board offline, moves waiting (English)');

  // A reload without network: the three moves are still there, in the order they were made.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gate in/out outbound', level: 1 })).toBeVisible();
  await expect(moves).toHaveCount(3);
  for (const [i, move] of [`Gate in ${vehicle}`, `Loaded ${vehicle}`, `Gate out ${vehicle}`].entries()) {
    await expect(moves.nth(i)).toContainText('Waiting to send');
    await expect(moves.nth(i)).toContainText(`${move} (${order.number})`);
  }

  // Online: each lands once, in order.
  await context.setOffline(false);
  await expect(kept).toHaveCount(0, { timeout: 30_000 });
  await expectLandedInOrder(owner, order.id);
});

test('the gate board in Hindi: chosen, kept through a reload, accessible', async ({ page }) => {
  await login(page, 'owner@demo.test');
  await page.goto('/#/gate-in-out/outbound');
  await expect(page.getByRole('heading', { name: 'Gate in/out outbound', level: 1 })).toBeVisible();
  await page.getByText('हिन्दी').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('गेट इन/आउट');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('गेट इन/आउट');
  await expect(page.getByRole('textbox', { name: 'गाड़ी खोजें' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'स्थिति के अनुसार गाड़ियाँ' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.screenshot({ path: test.info().outputPath('gate-390-hindi.png'), fullPage: true });
  await expectAccessible(page, 'the gate board in Hindi');

  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Gate in/out outbound', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('in Hindi the gate in’s refusals are said in Hindi: the form’s own and the server’s, with its vehicle numbers', async ({
  page,
  request,
}) => {
  const { vehicle } = await boardWithReportedVehicle(page, request, 'MH14HN');
  await page.getByText('हिन्दी').click();
  const card = page.getByRole('article').filter({ hasText: vehicle });
  await card.getByRole('button', { name: `गेट इन ${vehicle}` }).click();
  const gateIn = page.getByRole('dialog', { name: `गेट इन ${vehicle}` });
  const number = gateIn.getByRole('textbox', { name: 'गेट पर गाड़ी का नंबर' });

  // The form's own refusal (the shared schema's), in Hindi.
  await number.fill('MH14');
  await gateIn.getByRole('button', { name: 'गेट इन', exact: true }).click();
  await expect(gateIn).toContainText('गाड़ी नंबर MH12AB1234 या 22BH1234AB जैसा होना चाहिए');

  // The server's refusal of another vehicle, in Hindi with both numbers.
  await number.fill('MH14ZZ9999');
  await gateIn.getByRole('button', { name: 'गेट इन', exact: true }).click();
  await expect(gateIn.getByRole('alert')).toContainText(
    `गेट पर खड़ी गाड़ी (MH14ZZ9999) ऑर्डर की गाड़ी (${vehicle}) नहीं है: उसे अंदर आने देने का कारण लिखिए।`,
  );
  await page.screenshot({ path: test.info().outputPath('gate-in-hindi-refused.png') });
  await expectAccessible(page, 'a gate in refused, in Hindi');
  await page.keyboard.press('Escape');
  await page.getByText('English').click();
});

test('when a kept gate in is refused, the vehicle’s later moves are held until the guard retries them', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(3 * 60_000);
  const { owner, order, vehicle } = await boardWithReportedVehicle(page, request, 'MH12IH');

  const before = new Date().toISOString();
  await untilReadyOffline(page);
  await context.setOffline(true);
  await inWeighedAndOut(page, vehicle);
  // Meanwhile another guard had let the truck in from another gate, just before.
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: vehicle, driverChecked: true, at: before }, 200);

  await context.setOffline(false);
  const moves = page.getByRole('list', { name: 'Moves kept on this device' }).getByRole('listitem');
  await expect(moves.first()).toContainText('Not applied: it moved meanwhile', { timeout: 30_000 });
  await expect(moves.first()).toContainText(`Gate in ${vehicle}`);
  await expect(moves.nth(1)).toContainText('Not sent: the earlier move was refused');
  await expect(moves.nth(1)).toContainText(`Loaded ${vehicle}`);
  await expect(moves.nth(2)).toContainText('Not sent: the earlier move was refused');
  await expect(moves.nth(2)).toContainText(`Gate out ${vehicle}`);
  // The card shows where the server has it, beside where the guard's moves led.
  const card = page.getByRole('article').filter({ hasText: vehicle });
  await expect(card).toContainText('Inside');
  await expect(card).toContainText('Not applied: Left');
  // No new move is made blindly behind the held ones.
  await expect(card).toContainText('Moves of this vehicle are held above');
  await expect(card.getByRole('button')).toHaveCount(0);
  expect((await owner.get<Timeline>(`/api/orders/outbound/${order.id}`)).status).toBe('gate_in');
  await page.screenshot({ path: test.info().outputPath('gate-390-held.png'), fullPage: true });
  // Nothing in the list's box is wider than the box (WCAG 1.4.10): the long states wrap on a phone.
  const list = page.getByRole('list', { name: 'Moves kept on this device' });
  const overflowing = await list.evaluate((l) => {
    const wide: string[] = [];
    for (let e: HTMLElement | null = l as HTMLElement; e && e !== document.body; e = e.parentElement) {
      if (e.scrollWidth > e.clientWidth) {
        wide.push(`${e.className}: ${e.scrollWidth} > ${e.clientWidth}`);
      }
    }
    return wide;
  });
  expect(overflowing).toEqual([]);

  // The guard reads it: the truck is inside, so the weighing and gate out are sent after all, in order.
  await moves.nth(2).getByRole('button', { name: 'Retry' }).click();
  await expect(moves).toHaveCount(1, { timeout: 30_000 });
  await moves.first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('list', { name: 'Moves kept on this device' })).toHaveCount(0);
  await expect(card).toContainText('Left');
  await expectLandedInOrder(owner, order.id);
});
