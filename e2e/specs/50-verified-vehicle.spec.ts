import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { choose, login, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 37, verified vehicles at the gate, on a guard's phone (360 px): the carrier assigns a truck
 * whose fitness certificate lapsed (the built-in VAHAN: series FX); the gate card is red with the
 * reason, in words and with an icon, and the server refuses the gate in; the carrier's dispatcher,
 * on a phone, sees the lapse in its vehicle picker and changes the vehicle to a valid one with the
 * driver's licence; the card turns green and the gate in goes through.
 */

test.use({ viewport: { width: 360, height: 780 } });

const PLANT = 'Pune Chakan Plant';
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`verified-${name}.png`), fullPage: true });

/**
 * The carrier's dispatcher at 390 px: the vehicle picker already says the truck's fitness lapsed;
 * it changes the order to another truck, with the driver's licence for SARATHI.
 */
async function changeOnThePhone(browser: Browser, number: string, v: { lapsed: string; valid: string }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await login(phone, 'carrier@demo.test');
  await phone.goto('/#/carrier/orders?status=vehicle_assigned');
  const card = phone.getByRole('list', { name: 'My orders' }).getByRole('article', { name: `Order ${number}` });
  // Reported at plant is the card's big button; the change is in its menu.
  await card.getByRole('button', { name: `More moves on Order ${number}` }).click();
  await phone.getByRole('menuitem', { name: 'Change vehicle' }).click();
  const dialog = phone.getByRole('dialog', { name: `Change the vehicle of ${number}` });
  const vehicle = dialog.getByRole('combobox', { name: 'Vehicle number' });
  await vehicle.fill(v.lapsed.slice(0, 8));
  await expect(phone.getByRole('option', { name: new RegExp(v.lapsed) })).toContainText(
    /Fitness certificate expired on \d{1,2} \w{3} \d{4}/,
  );
  await shot(phone, '3-picker-lapsed');
  await vehicle.fill(v.valid);
  await dialog.getByRole('textbox', { name: 'Driving licence number' }).fill('MH1420110062821');
  await dialog.getByLabel("Driver's date of birth").fill('1986-05-14');
  await dialog.getByRole('textbox', { name: 'Reason for the change' }).fill('Fitness of the first truck lapsed');
  await expectAccessible(phone, 'the change vehicle dialog with the licence at 390 px');
  await dialog.getByRole('button', { name: 'Change vehicle' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(v.valid);
  await context.close();
}

test('a lapsed fitness certificate is red at the gate and blocks gate in until the carrier changes the vehicle', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner, PLANT);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Verified Spec Yard' });
  const tail = String(Date.now()).slice(-4);
  const [lapsed, valid] = [`MH12FX${tail}`, `MH12VD${tail}`];
  const order = await owner.post<{ id: number; number: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 32000,
    pickupAt: hoursFromNow(-1),
    dropoffs: [{ stopId: stop.id }],
  });
  const driver = { driverName: 'Ramesh Pawar', driverMobile: '9822012345' };
  await vayu.post(`/api/carrier/orders/${order.id}/assign`, { vehicleNumber: lapsed, ...driver }, 200);

  await login(page, 'owner@demo.test');
  await page.goto('/#/gate-in-out/outbound');
  await expect(page.getByRole('heading', { name: 'Gate in/out outbound' })).toBeVisible();
  // The order's plant, not the owner's first (another spec on the same server may have added one).
  await choose(page, 'Plant', PLANT);
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(order.number);
  const card = page.getByRole('article', { name: `${lapsed}, ${order.number}` });
  const red = card.getByRole('status', { name: 'Do not let in: documents lapsed' });
  await expect(red).toBeVisible();
  await expect(red).toContainText(/Fitness certificate expired on \d{1,2} \w{3} \d{4} \(blocks gate in\)/);
  await expect(red.locator('svg')).toHaveAttribute('aria-hidden', 'true');
  await expectAccessible(page, 'the gate board with a red card at 360 px');
  await shot(page, '1-red');

  // The guard tries anyway: the server refuses, naming the reason.
  await card.getByRole('button', { name: `Gate in ${lapsed}` }).click();
  const gateIn = page.getByRole('dialog', { name: `Gate in ${lapsed}` });
  await gateIn.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(gateIn.getByRole('alert')).toContainText(
    /Gate in refused: Fitness certificate expired on .*The carrier must change the vehicle/,
  );
  await shot(page, '2-refused');
  await page.keyboard.press('Escape');
  await expect(gateIn).toBeHidden();

  // In Hindi the card's reason and the refusal read in Hindi (record 0320).
  await page.getByText('हिन्दी').click();
  await expect(card.getByRole('status')).toContainText(/फिटनेस सर्टिफिकेट की मियाद \d{1,2} \w{3} \d{4} को खत्म हो गई \(गेट इन रुकेगा\)/);
  await card.getByRole('button', { name: `गेट इन ${lapsed}` }).click();
  const hindiGateIn = page.getByRole('dialog', { name: `गेट इन ${lapsed}` });
  await hindiGateIn.getByRole('button', { name: 'गेट इन', exact: true }).click();
  await expect(hindiGateIn.getByRole('alert')).toContainText(
    /गेट इन नहीं हो सकता: फिटनेस सर्टिफिकेट की मियाद .*ट्रांसपोर्टर को गाड़ी या ड्राइवर बदलना होगा।/,
  );
  await shot(page, '2b-refused-hindi');
  await page.keyboard.press('Escape');
  await expect(hindiGateIn).toBeHidden();
  await page.getByText('English').click();
  expect((await owner.get<{ status: string }>(`/api/orders/outbound/${order.id}`)).status).toBe('vehicle_assigned');

  // The carrier's dispatcher, on a phone, changes the vehicle: the card turns green.
  await changeOnThePhone(browser, order.number, { lapsed, valid });
  await page.reload();
  await choose(page, 'Plant', PLANT);
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(order.number);
  const fresh = page.getByRole('article', { name: `${valid}, ${order.number}` });
  await expect(fresh.getByRole('status', { name: 'Documents valid' })).toBeVisible();
  await expectAccessible(page, 'the gate board with a green card at 360 px');
  await shot(page, '4-green');
  await fresh.getByRole('button', { name: `Gate in ${valid}` }).click();
  const again = page.getByRole('dialog', { name: `Gate in ${valid}` });
  await again.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(again).toBeHidden();
  await expect(fresh).toContainText('Inside');

  // The shipper's order page lists each document's valid-to date.
  await page.goto(`/#/order/outbound/${order.id}`);
  const documents = page.getByRole('group', { name: 'Vehicle and driver documents' });
  await expect(documents.getByRole('table', { name: `Vehicle ${valid} (VAHAN)` })).toContainText('Fitness certificate');
  await expectAccessible(page, 'the order page with its documents at 360 px');
  await shot(page, '5-order');
});

test('the shipper chooses what a lapsed document does at its gates (Settings, Vehicle checks)', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  await login(page, 'owner@demo.test');
  await page.goto('/#/settings/verification');
  await expect(page.getByRole('heading', { name: 'Vehicle and driver checks', level: 1 })).toBeVisible();
  const puc = page.getByLabel('PUC certificate lapsed or missing');
  await expect(puc).toHaveValue('warn');
  await puc.selectOption('block');
  await expectAccessible(page, 'the vehicle checks settings at 360 px');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vehicle and driver checks saved.')).toBeVisible();
  const saved = await owner.get<{ puc: string; fitness: string; isDefault: boolean }>('/api/settings/verification');
  expect(saved).toMatchObject({ puc: 'block', fitness: 'block', isDefault: false });
  // Back to the default, for the journeys after this one (the toast, over the button on a phone, dismissed first).
  await page.getByRole('alert').filter({ hasText: 'Vehicle and driver checks saved.' }).getByRole('button', { name: 'Dismiss' }).click();
  await puc.selectOption('warn');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await owner.get<{ puc: string }>('/api/settings/verification')).puc).toBe('warn');
});
