import { type Browser, expect, type Page, test } from '@playwright/test';
import { png } from './png.ts';
import { login, SURAT_STOP } from './helpers.ts';
import { type ApiUser, apiUser, awardedOrder, demoIds } from './shipper-api.ts';

/**
 * Issue 9's "done when": an awarded order on the whole road, each move made in the browser of the
 * side that really makes it. The carrier assigns the vehicle and reports at the plant (laptop); a
 * guard of that one plant gates another truck in with an override reason, records the loading with
 * weights and seal and gates it out (tablet); the shipper adds the e-way bill by its number, the
 * e-way bill system filling it (laptop); the carrier arrives and delivers with a POD photo showing
 * a shortage; the shipper accepts the POD and the order closes. Every move is on the timeline with
 * who and when, and the shipper's dashboard cards (in transit, delivered) move.
 */

const PLANT = 'Pune Chakan Plant';
const LAPTOP = { width: 1366, height: 800 };
const TABLET = { width: 1024, height: 768 };
/** The timeline's "when": the product's date-time format (`05 Dec 2026, 11:52 pm IST`, India time). */
const WHEN = /\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [ap]m IST/;

let step = 0;
/** A numbered screenshot of what the person sees (the whole page when `whole`, from its top). */
async function shot(page: Page, name: string, whole = false) {
  step += 1;
  if (whole) {
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.screenshot({ path: test.info().outputPath(`journey-${String(step).padStart(2, '0')}-${name}.png`), fullPage: whole });
}

async function browserAt(browser: Browser, viewport: { width: number; height: number }, email: string, password?: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, email, password);
  return page;
}

/** A staff user who may only work the outbound orders of one plant: the gate guard. */
async function guardOf(owner: ApiUser, admin: ApiUser, plantId: number, tail: string) {
  const role = await owner.post<{ id: number }>('/api/roles', { name: `Gate guard ${tail}`, permissions: ['list-outbound-order'] });
  const email = `guard-journey-${tail}@demo.test`;
  const name = 'Sunil Gatekeeper';
  await owner.post('/api/staff', { name, email, mobile: `97${tail.padStart(8, '0')}`, roleId: role.id, plantIds: [plantId] });
  // Without SMTP the welcome mail waits in the outbox, which the platform admin reads.
  const [mail] = await admin.get<{ text: string }[]>(`/api/admin/outbox?search=${encodeURIComponent(email)}`);
  const token = /#\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  await admin.post('/api/auth/reset-password', { token, password: 'Guard2026x', passwordConfirmation: 'Guard2026x' }, 200);
  return { email, name, password: 'Guard2026x' };
}

/** The shipper's dashboard: its in-transit and delivered cards. */
async function dashboard(page: Page) {
  await page.goto('/#/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return {
    inTransit: page.getByRole('link', { name: /^Orders in transit: / }),
    delivered: page.getByText('Delivered this period', { exact: true }).locator('..'),
  };
}

/** The figures the cards show once loaded. */
async function figures(page: Page) {
  const cards = await dashboard(page);
  await expect(cards.inTransit).toHaveAccessibleName(/: \d+$/);
  await expect(cards.delivered).toHaveText(/\d+$/);
  const count = (text: string | null) => Number(/(\d+)$/.exec(text ?? '')?.[1] ?? Number.NaN);
  return { inTransit: count(await cards.inTransit.getAttribute('aria-label')), delivered: count(await cards.delivered.textContent()) };
}

test('an awarded order from vehicle assigned to closed: carrier, guard on a tablet and shipper each make their moves', async ({
  browser,
  request,
}) => {
  test.setTimeout(6 * 60_000);
  const tail = String(Date.now()).slice(-6);
  const owner = await apiUser(request, 'owner@demo.test');
  const admin = await apiUser(request, 'admin@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner, PLANT);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: `Journey Depot ${tail}` });
  const guard = await guardOf(owner, admin, ids.plantId, tail);
  const [vehicle, swapped] = [`MH12JR${tail.slice(-4)}`, `MH14JS${tail.slice(-4)}`];
  const ewayBill = `7${tail}${tail.slice(0, 4)}1`;

  // The real road to an order: a request, Vayu's bid, the auction closing on time, the award (08
  // walks these in the browser). Picked up minutes after the bidding, so the order stays on today's
  // board and in this month's dashboard period whatever the hour the suite runs at.
  const { order } = await awardedOrder(owner, vayu, ids, { stopId: stop.id, pickupAt: new Date(Date.now() + 3 * 60_000).toISOString() });
  const orderId = order.id;
  const orderNumber = order.number;

  // Three people, three browsers: the shipper and the carrier on laptops, the guard on a tablet.
  const shipper = await browserAt(browser, LAPTOP, 'owner@demo.test');
  const carrier = await browserAt(browser, LAPTOP, 'carrier@demo.test');
  const gate = await browserAt(browser, TABLET, guard.email, guard.password);
  const before = await figures(shipper);
  await shot(shipper, 'shipper-dashboard-before', true);

  // The carrier assigns the truck and driver to the awarded order.
  await carrier.goto('/#/carrier/orders');
  const row = carrier.locator(`tr[data-order-number="${orderNumber}"]`);
  await row.getByRole('button', { name: 'Assign vehicle' }).click();
  const assign = carrier.getByRole('dialog');
  await assign.getByRole('combobox', { name: 'Vehicle number' }).fill(vehicle);
  await assign.getByRole('textbox', { name: 'Driver name' }).fill('Mahesh Jadhav');
  await assign.getByRole('textbox', { name: 'Driver mobile' }).fill('9822033445');
  await assign.getByRole('button', { name: 'Assign' }).click();
  // Then how the trip is tracked: the driver's phone, paired on the spot; Traccar Client scans the QR code.
  const tracking = carrier.getByRole('dialog', { name: `Tracking of ${orderNumber}` });
  await tracking.getByRole('button', { name: 'Pair a new phone' }).click();
  await expect(tracking.getByRole('img', { name: /^QR code to set up Traccar Client/ })).toBeVisible();
  await expect(tracking.getByRole('textbox', { name: 'Device identifier' })).toHaveValue(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  await expect(tracking.getByRole('textbox', { name: 'Server URL' })).toHaveValue(/^https?:\/\/.+:\d+$/);
  await shot(carrier, 'carrier-phone-paired');
  await tracking.getByRole('button', { name: 'Save tracking' }).click();
  await expect(tracking).toBeHidden();
  await expect(row).toContainText('Vehicle assigned');
  await expect(row).toContainText(vehicle);
  await shot(carrier, 'carrier-vehicle-assigned');

  // The guard's board: their one plant, the vehicle expected.
  await gate.goto('/#/gate-in-out/outbound');
  await expect(gate.getByRole('heading', { name: 'Gate in/out outbound' })).toBeVisible();
  const plant = gate.getByRole('textbox', { name: 'Plant' }).or(gate.getByRole('combobox', { name: 'Plant' }));
  await expect(plant.first()).toHaveValue(PLANT);
  await gate.getByRole('textbox', { name: 'Search vehicle' }).fill(vehicle);
  const card = gate.getByRole('article', { name: `${vehicle}, ${orderNumber}` });
  await expect(card).toContainText('Expected');
  await expect(card).toContainText(`${PLANT} → Journey Depot ${tail}`);
  await shot(gate, 'guard-expected');

  // Reported at the plant (carrier): the guard's board follows without a reload.
  await row.getByRole('button', { name: 'Reported at plant' }).click();
  const report = carrier.getByRole('dialog', { name: `Reported at plant: ${orderNumber}` });
  await expect(report).toContainText(`${vehicle} is at ${PLANT}`);
  await report.getByRole('textbox', { name: 'Remarks' }).fill('In the gate queue, token 7');
  await report.getByRole('button', { name: 'Reported at plant' }).click();
  await expect(report).toBeHidden();
  await expect(row).toContainText('Reported');
  await shot(carrier, 'carrier-reported');
  await expect(card).toContainText('Reported');
  await shot(gate, 'guard-reported');

  // Gate in (guard): another truck stands at the gate; the mismatch needs the override reason.
  await card.getByRole('button', { name: `Gate in ${vehicle}` }).click();
  const gateIn = gate.getByRole('dialog', { name: `Gate in ${vehicle}` });
  await expect(gateIn.getByRole('checkbox', { name: /Driver checked \(Mahesh Jadhav/ })).toBeChecked();
  await gateIn.getByRole('textbox', { name: 'Vehicle number at the gate' }).fill(swapped);
  await gateIn.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(gateIn.getByRole('alert')).toContainText(`The vehicle at the gate (${swapped}) is not the order's (${vehicle})`);
  await shot(gate, 'guard-mismatch');
  await gateIn.getByRole('textbox', { name: 'Override reason' }).fill('Tyre burst on the way, carrier sent a sister truck');
  await gateIn.getByRole('button', { name: 'Let it in' }).click();
  await expect(gateIn).toBeHidden();
  await expect(card).toContainText('Inside');
  await expect(card).toContainText('Other vehicle let in');
  await shot(gate, 'guard-inside');

  // Loaded (guard): weights (net computed) and the seal, invoice and LR numbers.
  await card.getByRole('button', { name: `Loaded ${vehicle}` }).click();
  const loaded = gate.getByRole('dialog', { name: `Loaded: ${vehicle}` });
  await loaded.getByRole('textbox', { name: 'Gross weight (kg)' }).fill('25400');
  await loaded.getByRole('textbox', { name: 'Tare weight (kg)' }).fill('9200');
  await expect(loaded.getByTestId('net-weight')).toHaveText('16,200 kg');
  await loaded.getByRole('textbox', { name: 'Seal number' }).fill(`SEAL-${tail}`);
  await loaded.getByRole('textbox', { name: 'Invoice number' }).fill(`INV-${tail}`);
  await loaded.getByRole('textbox', { name: 'LR number' }).fill(`LR-${tail}`);
  await shot(gate, 'guard-weights');
  await loaded.getByRole('button', { name: 'Record loading' }).click();
  await expect(loaded).toBeHidden();
  await expect(card).toContainText('Loaded');

  // Gate out (guard): ticks the documents seen (none is ticked for them), confirms; the turnaround shows.
  await card.getByRole('button', { name: `Gate out ${vehicle}` }).click();
  const gateOut = gate.getByRole('dialog', { name: `Gate out ${vehicle}` });
  await expect(gateOut.getByRole('checkbox', { name: 'Invoice' })).not.toBeChecked();
  await gateOut.getByRole('checkbox', { name: 'Invoice' }).check();
  await gateOut.getByRole('button', { name: 'Gate out', exact: true }).click();
  await expect(gateOut).toBeHidden();
  await expect(card).toContainText('Left');
  await expect(card).toContainText('In transit');
  await expect(card).toContainText(/Turnaround \d+ (min|h)/);
  await shot(gate, 'guard-left', true);

  // The shipper's dashboard: one more order in transit.
  const moving = await dashboard(shipper);
  await expect(moving.inTransit).toHaveAccessibleName(`Orders in transit: ${before.inTransit + 1}`);
  await expect(moving.delivered).toHaveText(`Delivered this period ${before.delivered}`);
  await shot(shipper, 'shipper-dashboard-in-transit', true);

  // The e-way bill by its number (shipper): the e-way bill system fills the form.
  await shipper.goto(`/#/order/outbound/${orderId}`);
  await expect(shipper.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(shipper.getByText('In transit').first()).toBeVisible();
  await expect(shipper.getByRole('table', { name: 'Gate records' })).toContainText(`SEAL-${tail}`);
  await shipper.getByRole('button', { name: 'Add e-way bill' }).click();
  const add = shipper.getByRole('dialog', { name: `Add an e-way bill to ${orderNumber}` });
  await add.getByRole('textbox', { name: 'E-way bill number' }).fill(ewayBill);
  await add.getByRole('button', { name: 'Fetch details' }).click();
  await expect(add.getByText('Consignor GSTIN')).toBeVisible();
  await expect(add.getByText(vehicle)).toBeVisible();
  await shot(shipper, 'shipper-eway-bill-fetched');
  await add.getByRole('button', { name: 'Add e-way bill' }).click();
  await expect(add).toBeHidden();
  const bills = shipper.getByRole('table', { name: 'E-way bills' });
  await expect(bills.getByRole('row').filter({ hasText: ewayBill })).toContainText('Valid');

  // Arrived (carrier): its list followed the gate out live.
  await expect(row).toContainText('In transit');
  await row.getByRole('button', { name: 'Arrived at destination' }).click();
  const arrive = carrier.getByRole('dialog', { name: `Arrived at destination: ${orderNumber}` });
  await expect(arrive).toContainText(`Journey Depot ${tail}`);
  await arrive.getByRole('button', { name: 'Arrived at destination' }).click();
  await expect(arrive).toBeHidden();
  await expect(row).toContainText('Arrived');

  // Delivered (carrier) with a POD photo showing a shortage.
  await row.getByRole('button', { name: 'Delivered' }).click();
  const deliver = carrier.getByRole('dialog', { name: `Delivered: ${orderNumber}` });
  await deliver.locator('input[type="file"]').setInputFiles({ name: 'pod-journey.png', mimeType: 'image/png', buffer: png() });
  await deliver.getByRole('textbox', { name: 'Receiver name' }).fill('Farida Shaikh');
  await deliver.getByRole('textbox', { name: 'Receiver mobile' }).fill('9876512340');
  await deliver.getByRole('textbox', { name: 'Shortage quantity' }).fill('3');
  await deliver.getByRole('textbox', { name: 'Remarks' }).fill('3 coils short against the invoice');
  await shot(carrier, 'carrier-pod');
  await deliver.getByRole('button', { name: 'Submit POD' }).click();
  await expect(deliver).toBeHidden();
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('POD submitted');
  await shot(carrier, 'carrier-delivered');

  // The shipper's open page shows the POD with its shortage as it arrives; accepted, the order closes.
  const shortage = shipper.getByRole('alert').filter({ hasText: 'Shortage: 3' });
  await expect(shortage).toBeVisible();
  await expect(shortage).toContainText('3 coils short against the invoice');
  await expect(shipper.getByRole('img', { name: 'Proof of delivery: pod-journey.png' })).toBeVisible();
  await shipper.getByRole('heading', { name: 'Proof of delivery' }).scrollIntoViewIfNeeded();
  await shot(shipper, 'shipper-pod-shortage');
  await shipper.getByRole('button', { name: 'Accept POD' }).click();
  const accept = shipper.getByRole('dialog', { name: 'Accept the proof of delivery?' });
  await accept.getByRole('button', { name: 'Accept and close' }).click();
  await expect(accept).toBeHidden();
  await expect(shipper.getByText('Closed', { exact: true }).first()).toBeVisible();
  await shot(shipper, 'shipper-closed', true);

  // Every move on the timeline, with who made it and when.
  await shipper.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = shipper.getByLabel('Order timeline');
  const moves: [string, RegExp][] = [
    ['Vehicle assigned', /Vayu Roadlines/],
    ['Reported', /Vayu Roadlines/],
    ['Gate in', new RegExp(guard.name)],
    ['Loaded', new RegExp(guard.name)],
    ['In transit', new RegExp(guard.name)],
    ['Arrived', /Vayu Roadlines/],
    ['Delivered', /Vayu Roadlines/],
    ['POD accepted, closed', /Asha Kulkarni, Demo Industries/],
  ];
  for (const [move, who] of moves) {
    const item = timeline.locator('.mantine-Timeline-item').filter({ has: shipper.getByText(move, { exact: true }) });
    await expect(item, move).toHaveCount(1);
    await expect(item, move).toContainText(who);
    await expect(item, move).toContainText(WHEN);
  }
  const billLine = timeline.locator('.mantine-Timeline-item').filter({ hasText: `E-way bill ${ewayBill} added` });
  await expect(billLine).toContainText('Asha Kulkarni, Demo Industries');
  await expect(billLine).toContainText(WHEN);
  await expect(timeline).toContainText(`vehicle ${swapped} let in instead of ${vehicle}`);
  await expect(timeline).toContainText('In the gate queue, token 7');
  await shot(shipper, 'shipper-timeline', true);

  // The dashboard's cards moved: out of transit, one more delivered.
  const after = await dashboard(shipper);
  await expect(after.inTransit).toHaveAccessibleName(`Orders in transit: ${before.inTransit}`);
  await expect(after.delivered).toHaveText(`Delivered this period ${before.delivered + 1}`);
  await shot(shipper, 'shipper-dashboard-after', true);

  // The carrier's list ends with the order closed.
  await expect(row).toContainText('Closed');
  await shot(carrier, 'carrier-closed', true);
});
