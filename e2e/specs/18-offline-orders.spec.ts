import { expect, type Page, test } from '@playwright/test';
import { choose, login, openPage, pickNextMonthDay, SURAT_STOP } from './helpers.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 9 (offline orders get the same road): the shipper records an offline outbound order with
 * two drop-offs, opens its edit page, changes a drop-off and the order of the stops, and sees the
 * new lane on the order. A save from a page opened before someone else's save is refused with
 * "changed since you opened it", and Reload shows their values.
 */

const stopsOf = (page: Page) => page.getByRole('list', { name: 'Stops' }).getByRole('listitem');

/** Picks from a server-searched picker by typing part of the name (other specs fill the first page). */
async function search(page: Page, label: string, text: string) {
  await expect(async () => {
    const box = page.getByRole('combobox', { name: label });
    await box.click({ force: true });
    await box.fill(text);
    await page
      .getByRole('option', { name: new RegExp(`^${text}\\b`) })
      .first()
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('an offline outbound order with two drop-offs is recorded, edited, and a stale save is refused', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  for (const name of ['Vapi Depot', 'Bharuch Depot', 'Ankleshwar Depot']) {
    await owner.post('/api/stops', { ...SURAT_STOP, name });
  }

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/offline/outbound/order/new');
  await expect(page.getByRole('heading', { name: 'New offline outbound order' })).toBeVisible();
  await choose(page, 'Carrier', 'Vayu Roadlines');
  await choose(page, 'Plant', 'Pune Chakan Plant');
  await choose(page, 'Vehicle type', null);
  await page.getByRole('textbox', { name: 'Price (INR)' }).fill('42000');
  await pickNextMonthDay(page, 'Pickup Date', 12);
  await page.getByRole('button', { name: 'Record order' }).click();
  // Without a drop-off the form names the list's first picker.
  const summary = page.getByRole('alert').filter({ hasText: /Check th/ });
  await expect(summary.getByRole('listitem')).toHaveText(['Drop-off 1: choose a client address or a location']);
  await search(page, 'Drop-off 1', 'Vapi Depot');
  await page.getByRole('button', { name: 'Add drop-off' }).click();
  await search(page, 'Drop-off 2', 'Bharuch Depot');
  await page.screenshot({ path: '/tmp/offline-new.png', fullPage: true });
  await page.getByRole('button', { name: 'Record order' }).click();
  await expect(page).toHaveURL(/#\/offline\/outbound\/order\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  await expect(stopsOf(page)).toHaveText([/Pune Chakan Plant/, /Vapi Depot/, /Bharuch Depot/]);

  // The order's page leads to its edit page, which opens with the saved lane.
  await page.getByRole('link', { name: 'Edit order' }).click();
  await expect(page).toHaveURL(new RegExp(`#/offline/outbound/order/edit/${id}$`));
  await expect(page.getByRole('heading', { name: /^Edit offline outbound order ORD-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Drop-off 1' })).toHaveValue(/Vapi Depot/);
  await expect(page.getByRole('combobox', { name: 'Drop-off 2' })).toHaveValue(/Bharuch Depot/);
  await expect(page.getByRole('combobox', { name: 'Carrier' })).toHaveValue('Vayu Roadlines');
  await expect(page.getByRole('textbox', { name: 'Price (INR)' })).toHaveValue('42,000');

  // Change drop-off 2 and make it the first stop.
  await search(page, 'Drop-off 2', 'Ankleshwar Depot');
  await page.getByRole('button', { name: 'Move drop-off 2 up' }).click();
  await expect(page.getByRole('combobox', { name: 'Drop-off 1' })).toHaveValue(/Ankleshwar Depot/);
  await expect(page.getByRole('combobox', { name: 'Drop-off 2' })).toHaveValue(/Vapi Depot/);
  await page.screenshot({ path: '/tmp/offline-edit.png', fullPage: true });
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page).toHaveURL(new RegExp(`#/offline/outbound/order/${id}$`));
  await expect(page.getByText(/^Offline order ORD-\d{4}-\d{6} saved\.$/)).toBeVisible();
  await expect(stopsOf(page)).toHaveText([/Pune Chakan Plant/, /Ankleshwar Depot/, /Vapi Depot/]);
  await page.screenshot({ path: '/tmp/offline-saved.png', fullPage: true });
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText(/Offline order edited: lane now Pune Chakan Plant → Ankleshwar Depot.* → Vapi Depot/)).toBeVisible();

  // Two pages open the edit form; the second saves first, so the first one's save is stale.
  await page.goto(`/#/offline/outbound/order/edit/${id}`);
  await expect(page.getByRole('combobox', { name: 'Drop-off 1' })).toHaveValue(/Ankleshwar Depot/);
  const other = await page.context().newPage();
  await other.goto(`/#/offline/outbound/order/edit/${id}`);
  await expect(other.getByRole('combobox', { name: 'Drop-off 1' })).toHaveValue(/Ankleshwar Depot/);
  await other.getByRole('textbox', { name: 'Price (INR)' }).fill('45000');
  await other.getByRole('button', { name: 'Save order' }).click();
  await expect(other).toHaveURL(new RegExp(`#/offline/outbound/order/${id}$`));
  await other.close();

  await search(page, 'Drop-off 1', 'Bharuch Depot');
  await page.getByRole('button', { name: 'Save order' }).click();
  const stale = page.getByRole('alert').filter({ hasText: 'changed since you opened it' });
  await expect(stale).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/offline/outbound/order/edit/${id}$`));
  await page.screenshot({ path: '/tmp/offline-stale.png', fullPage: true });
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(stale).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Price (INR)' })).toHaveValue('45,000');
  await expect(page.getByRole('combobox', { name: 'Drop-off 1' })).toHaveValue(/Ankleshwar Depot/);
  // The refused save changed nothing.
  const saved = await owner.get<{ lane: { kind: string; label: string }[]; priceRupees: number }>(`/api/offline-orders/outbound/${id}`);
  expect(saved.lane.filter((s) => s.kind === 'drop').map((s) => s.label)).toEqual(['Ankleshwar Depot', 'Vapi Depot']);
  expect(saved.priceRupees).toBe(45000);
});

test('an offline inbound order picks up at a vendor address, and its edit page opens with it', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  await owner.post('/api/vendors', {
    company: 'Deccan Resins 18',
    contactName: 'Anil',
    mobile: '9876501299',
    addresses: [
      { label: 'Works', address: 'MIDC', city: 'Pune', state: 'Maharashtra', pincode: '411026', latitude: 18.6, longitude: 73.8 },
    ],
  });

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/offline/inbound/order/new');
  await expect(page.getByRole('heading', { name: 'New offline inbound order' })).toBeVisible();
  // Inbound drops at the plant: no drop-off list, but the vendor pickup is asked for.
  await expect(page.getByRole('button', { name: 'Add drop-off' })).toHaveCount(0);
  await choose(page, 'Carrier', 'Vayu Roadlines');
  await choose(page, 'Plant', 'Pune Chakan Plant');
  await choose(page, 'Vehicle type', null);
  await page.getByRole('textbox', { name: 'Price (INR)' }).fill('28000');
  await pickNextMonthDay(page, 'Pickup Date', 14);
  await page.getByRole('button', { name: 'Record order' }).click();
  const summary = page.getByRole('alert').filter({ hasText: /Check th/ });
  await expect(summary.getByRole('listitem')).toHaveText(['Pickup (vendor address): choose the vendor address to pick up from']);
  await search(page, 'Pickup (vendor address)', 'Deccan Resins 18');
  await page.getByRole('textbox', { name: 'Vehicle number' }).fill('MH12AB1234');
  await page.getByRole('textbox', { name: 'Driver name' }).fill('Ramesh');
  await page.getByRole('textbox', { name: 'Driver mobile' }).fill('9822012345');
  await page.getByRole('button', { name: 'Record order' }).click();
  await expect(page).toHaveURL(/#\/offline\/inbound\/order\/\d+$/);
  await expect(stopsOf(page)).toHaveText([/Deccan Resins/, /Pune Chakan Plant/]);

  await page.getByRole('link', { name: 'Edit order' }).click();
  await expect(page.getByRole('heading', { name: /^Edit offline inbound order ORD-/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pickup (vendor address)' })).toHaveValue(/Deccan Resins/);
  await expect(page.getByRole('textbox', { name: 'Vehicle number' })).toHaveValue('MH12AB1234');
  await page.screenshot({ path: '/tmp/offline-inbound-edit.png', fullPage: true });
});
