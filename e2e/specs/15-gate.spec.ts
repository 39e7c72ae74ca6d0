import { expect, type Page, test } from '@playwright/test';
import { formatDay } from '@freightdesk/shared/date-time';
import { choose, login, openPage, SURAT_STOP } from './helpers.ts';
import { type ApiUser, apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 9's gate on a tablet: the guard's outbound board of one plant and day. A carrier reports
 * (the board follows live), the guard gates in another vehicle than the order's with an override
 * reason, records the loading (a tare above the gross is refused on its field), and gates out; the
 * counts move and the turnaround shows. A vehicle another guard already let in answers 409 clearly.
 */

test.use({ viewport: { width: 1024, height: 768 } });

const PLANT = 'Pune Chakan Plant';
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`gate-${name}.png`), fullPage: true });
const count = (page: Page, state: string) =>
  page.getByRole('group', { name: 'Vehicles by state' }).getByRole('button', { name: new RegExp(`^${state}: `) });
/** Upright (under Mantine's sm breakpoint) the menu starts closed: it must never cover the board. */
async function menuStaysClosed(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).not.toBeInViewport();
}
type Counts = { expected: number; reported: number; inside: number; left: number };

/** An offline outbound order of Vayu at the plant with its vehicle assigned. */
async function vehicleAssigned(owner: ApiUser, ids: Awaited<ReturnType<typeof demoIds>>, stopId: number, vehicleNumber: string) {
  return owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 32000,
    pickupAt: hoursFromNow(-1),
    dropoffs: [{ stopId }],
    vehicleNumber,
    driverName: 'Ramesh Pawar',
    driverMobile: '9822012345',
  });
}

test('the guard gates a vehicle in with an override, records the loading and gates it out', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner, PLANT);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Gate Spec Yard' });
  const tail = String(Date.now()).slice(-4);
  const [vehicle, other, raced] = [`MH12GT${tail}`, `MH14XY${tail}`, `MH12GR${tail}`];
  const order = await vehicleAssigned(owner, ids, stop.id, vehicle);
  const race = await vehicleAssigned(owner, ids, stop.id, raced);
  const board = () => owner.get<{ counts: Counts }>(`/api/gate/outbound?plantId=${ids.plantId}`).then((b) => b.counts);

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/outbound');
  await expect(page.getByRole('heading', { name: 'Gate in/out outbound' })).toBeVisible();
  await choose(page, 'Plant', PLANT);
  const start = await board();
  await expect(count(page, 'Expected')).toHaveAccessibleName(`Expected: ${start.expected}`);
  await shot(page, '1-board');

  // The carrier reports at the plant: the open board follows without a reload.
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);
  await expect(count(page, 'Reported')).toHaveAccessibleName(`Reported: ${start.reported + 1}`);
  await expect(count(page, 'Expected')).toHaveAccessibleName(`Expected: ${start.expected - 1}`);

  // Search by the vehicle number as a guard types it; the counts stay the day's.
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(`mh 12 gt ${tail}`);
  const card = page.getByRole('article', { name: `${vehicle}, ${order.number}` });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('Vayu Roadlines');
  await expect(card).toContainText('Ramesh Pawar · 9822012345');
  await expect(card).toContainText(`${PLANT} → Gate Spec Yard`);
  await expect(card).toContainText('Reported');
  await shot(page, '2-reported');

  // Gate in: another truck at the gate. The server names the mismatch; the guard gives the reason.
  await card.getByRole('button', { name: `Gate in ${vehicle}` }).click();
  const gateIn = page.getByRole('dialog', { name: `Gate in ${vehicle}` });
  await expect(gateIn.getByRole('checkbox', { name: /Driver checked \(Ramesh Pawar/ })).toBeChecked();
  await gateIn.getByRole('textbox', { name: 'Vehicle number at the gate' }).fill(other.toLowerCase());
  await gateIn.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(gateIn.getByRole('alert')).toContainText(`The vehicle at the gate (${other}) is not the order's (${vehicle})`);
  await shot(page, '3-mismatch');
  await gateIn.getByRole('textbox', { name: 'Override reason' }).fill('Carrier swapped the truck after a breakdown');
  await gateIn.getByRole('button', { name: 'Let it in' }).click();
  await expect(gateIn).toBeHidden();
  await expect(card).toContainText('Inside');
  await expect(card).toContainText('Other vehicle let in');
  await expect(card).toContainText(/At the plant for \d+ (min|h)/);
  await expect(count(page, 'Inside')).toHaveAccessibleName(`Inside: ${start.inside + 1}`);
  await expect(count(page, 'Reported')).toHaveAccessibleName(`Reported: ${start.reported}`);
  await shot(page, '4-inside');

  // Loaded: a tare above the gross is refused on the tare field; then the real weights, net computed.
  await card.getByRole('button', { name: `Loaded ${vehicle}` }).click();
  const loaded = page.getByRole('dialog', { name: `Loaded: ${vehicle}` });
  await loaded.getByRole('textbox', { name: 'Gross weight (kg)' }).fill('9000');
  await loaded.getByRole('textbox', { name: 'Tare weight (kg)' }).fill('12000');
  await expect(loaded.getByTestId('net-weight')).toHaveText('-3,000 kg');
  await loaded.getByRole('button', { name: 'Record loading' }).click();
  await expect(loaded.getByRole('textbox', { name: 'Tare weight (kg)' })).toHaveAccessibleDescription(
    /Tare weight must be less than the gross weight/,
  );
  await shot(page, '5-wrong-weights');
  await loaded.getByRole('textbox', { name: 'Gross weight (kg)' }).fill('24350');
  await loaded.getByRole('textbox', { name: 'Tare weight (kg)' }).fill('9150');
  await expect(loaded.getByTestId('net-weight')).toHaveText('15,200 kg');
  await loaded.getByRole('textbox', { name: 'Seal number' }).fill('SEAL-7781');
  await loaded.getByRole('textbox', { name: 'Invoice number' }).fill('INV-2026-118');
  await loaded.getByRole('textbox', { name: 'LR number' }).fill('LR-5521');
  await shot(page, '6-weights');
  await loaded.getByRole('button', { name: 'Record loading' }).click();
  await expect(loaded).toBeHidden();
  await expect(card).toContainText('Loaded');

  // Gate out (issue 38): nothing ticked that nobody checked; the guard fetches the e-way bill from
  // the driver's copy and adds it here, then ticks what is in the cabin.
  await card.getByRole('button', { name: `Gate out ${vehicle}` }).click();
  const gateOut = page.getByRole('dialog', { name: `Gate out ${vehicle}` });
  for (const name of ['Invoice', 'Lorry receipt (LR)', 'E-way bill', 'Weighbridge slip']) {
    await expect(gateOut.getByRole('checkbox', { name })).not.toBeChecked();
  }
  const bill = gateOut.getByRole('group', { name: 'E-way bill' });
  await expect(bill).toContainText('This order has no e-way bill on record');
  const ewayBill = `8${tail}${tail}${tail.slice(0, 3)}`;
  await bill.getByRole('textbox', { name: 'E-way bill number' }).fill('12345');
  await bill.getByRole('button', { name: 'Fetch' }).click();
  await expect(bill.getByRole('textbox', { name: 'E-way bill number' })).toHaveAccessibleDescription(/12 digits/);
  await bill.getByRole('textbox', { name: 'E-way bill number' }).fill(ewayBill);
  await bill.getByRole('textbox', { name: 'E-way bill number' }).press('Enter');
  await expect(bill.getByLabel(`E-way bill ${ewayBill} found`)).toContainText('Valid until');
  await expect(gateOut).toBeVisible();
  await bill.getByRole('button', { name: `Add e-way bill ${ewayBill}` }).click();
  await expect(bill).toContainText(`E-way bill ${ewayBill}: valid until`);
  await expect(card).not.toContainText('No e-way bill');
  await gateOut.getByRole('checkbox', { name: 'Invoice' }).check();
  await gateOut.getByRole('checkbox', { name: 'Lorry receipt (LR)' }).check();
  await gateOut.getByRole('checkbox', { name: 'E-way bill' }).check();
  await shot(page, '7-gate-out');
  for (const [width, height] of [
    [360, 800],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(gateOut.getByRole('button', { name: 'Gate out', exact: true })).toBeVisible();
    await shot(page, `7-gate-out-${width}`);
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await gateOut.getByRole('button', { name: 'Gate out', exact: true }).click();
  await expect(gateOut).toBeHidden();
  await expect(card).toContainText('Left');
  await expect(card).toContainText('In transit');
  await expect(card).toContainText(/Turnaround \d+ (min|h)/);
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(count(page, 'Left')).toHaveAccessibleName(`Left: ${start.left + 1}`);
  await expect(count(page, 'Inside')).toHaveAccessibleName(`Inside: ${start.inside}`);
  await shot(page, '8-left');
  // The documents recorded are those the guard ticked; the bill is the order's.
  const recorded = await owner.get<{ gateEvents: { kind: string; documentsPresent: string[] | null }[]; ewayBills: { number: string }[] }>(
    `/api/orders/outbound/${order.id}`,
  );
  expect(recorded.gateEvents.find((g) => g.kind === 'gate_out')?.documentsPresent).toEqual(['invoice', 'lr', 'eway_bill']);
  expect(recorded.ewayBills.map((b) => b.number)).toEqual([ewayBill]);

  // The Left filter keeps only vehicles out of the gate.
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill('');
  await count(page, 'Left').click();
  await expect(count(page, 'Left')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(start.left + 1);
  await count(page, 'Left').click();

  // Two guards, one vehicle: this one's dialog is open when the other lets the truck in first.
  const racedCard = page.getByRole('article', { name: `${raced}, ${race.number}` });
  await racedCard.getByRole('button', { name: `Gate in ${raced}` }).click();
  await owner.post(`/api/orders/outbound/${race.id}/gate-in`, { vehicleNumber: raced, driverChecked: true }, 200);
  await page
    .getByRole('dialog', { name: `Gate in ${raced}` })
    .getByRole('button', { name: 'Gate in', exact: true })
    .click();
  await expect(page.getByText(`${raced} (${race.number}) was already moved by someone else`)).toBeVisible();
  await expect(racedCard).toContainText('Inside');
  await shot(page, '9-race');

  // Held upright the cards stack in one column, the big buttons still a thumb's reach.
  await page.setViewportSize({ width: 768, height: 1024 });
  await menuStaysClosed(page);
  await expect(racedCard.getByRole('button', { name: `Loaded ${raced}` })).toBeVisible();
  await shot(page, '9b-upright');
});

test('a truck due in three days that arrives early is found by its number, with its day, and let in', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner, PLANT);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Early Truck Yard' });
  const tail = String(Date.now()).slice(-4);
  const vehicle = `MH12EE${tail}`;
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 32000,
    pickupAt: hoursFromNow(72),
    dropoffs: [{ stopId: stop.id }],
    vehicleNumber: vehicle,
    driverName: 'Mahesh Jadhav',
    driverMobile: '9822077001',
  });
  const due = formatDay(new Date(Date.now() + 72 * 3_600_000));

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/outbound');
  await choose(page, 'Plant', PLANT);
  // Today's board has no such vehicle; the guard types the number as read off the truck.
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(`mh12 ee ${tail}`);
  await expect(page.getByRole('status').filter({ hasText: 'No vehicle on the board of today matches this search' })).toBeVisible();
  const otherDays = page.getByRole('region', { name: 'On other days' });
  const card = otherDays.getByRole('article', { name: `${vehicle}, ${order.number}` });
  await expect(card).toContainText(`Due in 3 days, ${due}`);
  await expect(card).toContainText('Expected');
  await shot(page, '10a-other-days');

  // Let in early: the Gate in dialog, checked on a phone and on a tablet.
  await card.getByRole('button', { name: `Gate in ${vehicle}` }).click();
  const gateIn = page.getByRole('dialog', { name: `Gate in ${vehicle}` });
  for (const [width, height] of [
    [360, 800],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(gateIn.getByRole('button', { name: 'Gate in', exact: true })).toBeVisible();
    await shot(page, `10b-gate-in-${width}`);
  }
  await gateIn.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(gateIn).toBeHidden();
  // Inside the plant now: on today's board, no longer another day's.
  await expect(otherDays.getByRole('status')).toHaveText('No vehicle due on another day matches.');
  await expect(page.getByRole('article', { name: `${vehicle}, ${order.number}` })).toContainText('Inside');
  await shot(page, '10c-let-in-early');
});

test('a tablet held upright shows the same board, and an empty day says why', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/inbound');
  await menuStaysClosed(page);
  await expect(page.getByRole('heading', { name: 'Gate in/out inbound' })).toBeVisible();
  await choose(page, 'Plant', PLANT);
  await page.getByRole('button', { name: 'Day' }).click();
  await page
    .locator('.mantine-Popover-dropdown')
    .getByRole('button', { name: /previous/i })
    .or(page.locator('button[data-direction="previous"]'))
    .first()
    .click();
  await page.locator('.mantine-Popover-dropdown table button:not([data-outside])', { hasText: /^1$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: `No orders expected at ${PLANT} on` })).toBeVisible();
  await shot(page, '10-upright-empty');
});

test('a guard of one plant gets that plant preselected and no other to pick', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const admin = await apiUser(request, 'admin@demo.test');
  const { plantId } = await demoIds(owner, 'Vapi Warehouse');
  const role = await owner.post<{ id: number }>('/api/roles', { name: 'Gate guard', permissions: ['list-outbound-order'] });
  const email = `guard-${Date.now()}@demo.test`;
  await owner.post('/api/staff', { name: 'Vijay Guard', email, mobile: '9876500311', roleId: role.id, plantIds: [plantId] });
  // Without SMTP the welcome mail waits in the outbox, which the platform admin reads.
  const [mail] = await admin.get<{ text: string }[]>(`/api/admin/outbox?search=${encodeURIComponent(email)}`);
  const token = /#\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  await admin.post('/api/auth/reset-password', { token, password: 'Guard2026x', passwordConfirmation: 'Guard2026x' }, 200);

  await login(page, email, 'Guard2026x');
  await page.goto('/#/gate-in-out/outbound');
  const plant = page.getByRole('textbox', { name: 'Plant' }).or(page.getByRole('combobox', { name: 'Plant' }));
  await expect(plant.first()).toHaveValue('Vapi Warehouse');
  await plant.first().click();
  await expect(page.getByRole('option')).toHaveText(['Vapi Warehouse']);
  await shot(page, '11-guard-one-plant');
});
