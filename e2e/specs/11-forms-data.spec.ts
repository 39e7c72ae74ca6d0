import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choose, dayButton, dayOfMonth, login, openPage, PASSWORD, SURAT_STOP } from './helpers.ts';

/**
 * Issue 14, "data is never lost or changed behind the user's back": edit pages reset when the
 * address names another record, a save against an old version is refused with a Reload, numbers are
 * never clamped or stripped, money is grouped in lakhs with a warning far from the lane's usual
 * price, and past dates are refused (or, for an offline order, asked about).
 */

async function ownerApi(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await res.json()).data.token}` };
  const call = async (method: 'get' | 'post' | 'put', url: string, data?: object) => {
    const answer = await request[method](url, { headers, data });
    expect(answer.ok(), `${method} ${url}: ${await answer.text()}`).toBe(true);
    return (await answer.json()).data;
  };
  return call;
}

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

test('going from one edit page to another by address shows and saves the second record only', async ({ page, request }) => {
  const api = await ownerApi(request);
  const [plant] = await api('get', '/api/plants/options');
  const [vehicle] = await api('get', '/api/vehicle-types/options');
  const stop = await api('post', '/api/stops', { ...SURAT_STOP, name: 'Keyed Yard' });
  const draft = (weightTonnes: number, remarks: string) =>
    api('post', '/api/requests/outbound', {
      requestType: 1,
      plantId: plant.id,
      dropoffs: [{ stopId: stop.id }],
      vehicleTypeId: vehicle.id,
      vehicleCount: 1,
      weightTonnes,
      bidStartAt: inHours(24),
      bidEndAt: inHours(26),
      pickupAt: inHours(48),
      remarks,
      publish: false,
    });
  const a = await draft(11, 'Request A');
  const b = await draft(22, 'Request B');

  await login(page, 'owner@demo.test');
  await page.goto(`/#/request/outbound/edit/${a.id}/1`);
  await expect(page.getByRole('heading', { name: `Edit request ${a.number}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Weight (t)' })).toHaveValue('11');
  await page.getByRole('textbox', { name: 'Weight (t)' }).fill('15');

  // By address, as a bookmark or a pasted link would: B's title and B's values, nothing of A's.
  await page.goto(`/#/request/outbound/edit/${b.id}/1`);
  await expect(page.getByRole('heading', { name: `Edit request ${b.number}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Weight (t)' })).toHaveValue('22');
  await expect(page.getByRole('textbox', { name: 'Remarks' })).toHaveValue('Request B');
  await page.getByRole('textbox', { name: 'Weight (t)' }).fill('23');
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(new RegExp(`#/request/outbound/detail/${b.id}$`));

  expect((await api('get', `/api/requests/outbound/${b.id}`)).weightTonnes).toBe(23);
  const untouched = await api('get', `/api/requests/outbound/${a.id}`);
  expect(untouched).toMatchObject({ weightTonnes: 11, remarks: 'Request A' });

  // The masters' edit pages too (one mechanism: every page is keyed by its record).
  const other = await api('post', '/api/stops', { ...SURAT_STOP, name: 'Keyed Depot' });
  await page.goto(`/#/stop/edit/${stop.id}`);
  await expect(page.getByRole('textbox', { name: 'Location name' })).toHaveValue('Keyed Yard');
  await page.goto(`/#/stop/edit/${other.id}`);
  await expect(page.getByRole('textbox', { name: 'Location name' })).toHaveValue('Keyed Depot');
});

test('a save against a version someone else changed is refused, and Reload shows theirs', async ({ page, request }) => {
  const api = await ownerApi(request);
  const stop = await api('post', '/api/stops', { ...SURAT_STOP, name: 'Stale Yard' });
  await login(page, 'owner@demo.test');
  await page.goto(`/#/stop/edit/${stop.id}`);
  await expect(page.getByRole('textbox', { name: 'Location name' })).toHaveValue('Stale Yard');

  // A colleague saves first.
  await api('put', `/api/stops/${stop.id}`, { ...SURAT_STOP, name: 'Stale Yard (renamed by Ravi)' });

  await page.getByRole('textbox', { name: 'Location name' }).fill('My rename');
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'changed since you opened it' });
  await expect(alert).toContainText('This location changed since you opened it');
  await page.screenshot({ path: '/tmp/forms-stale.png' });
  expect((await api('get', `/api/stops/${stop.id}`)).name).toBe('Stale Yard (renamed by Ravi)');

  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('textbox', { name: 'Location name' })).toHaveValue('Stale Yard (renamed by Ravi)');
  await expect(alert).toBeHidden();
  await page.getByRole('textbox', { name: 'PIN code' }).fill('394231');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/stop$/);
  expect(await api('get', `/api/stops/${stop.id}`)).toMatchObject({ name: 'Stale Yard (renamed by Ravi)', pincode: '394231' });
});

test('numbers are refused as typed, never clamped or stripped', async ({ page }) => {
  await login(page, 'owner@demo.test');
  await page.goto('/#/stop/add');
  const lat = page.getByRole('textbox', { name: 'Latitude' });
  const lng = page.getByRole('textbox', { name: 'Longitude' });
  const radius = page.getByRole('textbox', { name: 'Geofence radius (m)' });
  await lat.fill('95');
  await lng.fill('200');
  await radius.fill('12a000');
  await lat.blur();
  await expect(page.getByText('Enter a number')).toBeVisible();
  await page.getByRole('button', { name: 'Add' }).click();
  // On the fields themselves (the form's summary may list them too).
  await expect(lat).toHaveAccessibleDescription(/Latitude must be between -90 and 90/);
  await expect(lng).toHaveAccessibleDescription(/Longitude must be between -180 and 180/);
  await expect(radius).toHaveAccessibleDescription(/Enter a number/);
  // What was typed stays, so the user sees what to correct.
  await expect(lat).toHaveValue('95');
  await expect(lng).toHaveValue('200');
  await expect(radius).toHaveValue('12a000');
  await expect(page).toHaveURL(/#\/stop\/add$/);
  await page.screenshot({ path: '/tmp/forms-numbers.png' });
});

test('money shows lakh grouping while typing and warns far from the lane’s usual price', async ({ page, request }) => {
  const api = await ownerApi(request);
  await api('post', '/api/stops', { ...SURAT_STOP, name: 'Usual Price Yard' });
  await login(page, 'owner@demo.test');
  await openPage(page, '/#/request/outbound/new');
  await page.waitForLoadState('networkidle');
  await choose(page, 'Plant', 'Pune Chakan Plant');
  await expect(page.getByRole('combobox', { name: 'Plant' })).toHaveValue('Pune Chakan Plant');
  await choose(page, 'Vehicle type', null);
  await page.getByRole('textbox', { name: 'Weight (t)' }).fill('20');
  await choose(page, 'Drop-off 1', /Usual Price Yard/);
  const target = page.getByRole('textbox', { name: 'Target price (INR)' });
  await target.pressSequentially('4500000');
  await expect(target).toHaveValue('45,00,000');
  const warning = page.getByRole('status').filter({ hasText: 'far above the usual price for this lane' });
  await expect(warning).toContainText('₹45,00,000 is far above the usual price for this lane');
  await expect(warning).toContainText('per tonne-km');
  await page.screenshot({ path: '/tmp/forms-money.png' });
  await target.fill('45000');
  await expect(target).toHaveValue('45,000');
  await expect(warning).toBeHidden();
  await target.fill('12a000');
  await expect(page.getByText('Enter an amount in rupees, like 45,000 or 1,25,000.50')).toBeVisible();

  // Past days are not offered for the pickup.
  await page.getByRole('button', { name: 'Pickup Date', exact: true }).click();
  const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await expect(calendar.locator('button[data-direction="previous"]').first()).toBeDisabled();
  const today = Number(new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric' }).format(new Date()));
  await expect(dayButton(calendar, dayOfMonth(today, 0))).toBeEnabled();
  if (today > 1) {
    await expect(dayButton(calendar, dayOfMonth(today - 1, 0))).toBeDisabled();
  }
  await page.screenshot({ path: '/tmp/forms-pickup-calendar.png' });
});

test('an offline order for a past pickup asks before it is recorded', async ({ page, request }) => {
  const api = await ownerApi(request);
  await api('post', '/api/stops', { ...SURAT_STOP, name: 'Offline Yard' });
  await login(page, 'owner@demo.test');
  await openPage(page, '/#/offline/outbound/order/new');
  await page.waitForLoadState('networkidle');
  await choose(page, 'Carrier', 'Vayu Roadlines');
  await choose(page, 'Plant', 'Pune Chakan Plant');
  await choose(page, 'Vehicle type', null);
  await page.getByRole('textbox', { name: 'Price (INR)' }).fill('42000');
  await choose(page, 'Drop-off 1', /Offline Yard/);
  await pickPreviousMonthDay(page, 'Pickup Date', 10);
  await page.getByRole('button', { name: 'Record order' }).click();
  // The confirmation, not the date picker's own dropdown (also a dialog).
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toContainText('This pickup is in the past: record it anyway?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/offline\/outbound\/order\/new$/);
  await page.getByRole('button', { name: 'Record order' }).click();
  await dialog.getByRole('button', { name: 'Record it' }).click();
  await expect(page).toHaveURL(/#\/offline\/outbound\/order\/\d+$/);
});

test('a carrier’s bid keeps what was typed and warns far from the usual price', async ({ page, request }) => {
  const api = await ownerApi(request);
  const [plant] = await api('get', '/api/plants/options');
  const [vehicle] = await api('get', '/api/vehicle-types/options');
  const links = (await api('get', '/api/carriers/options')) as { id: number; name: string }[];
  const stop = await api('post', '/api/stops', { ...SURAT_STOP, name: 'Bid Yard' });
  const open = await api('post', '/api/requests/outbound', {
    requestType: 1,
    plantId: plant.id,
    dropoffs: [{ stopId: stop.id }],
    vehicleTypeId: vehicle.id,
    vehicleCount: 2,
    weightTonnes: 40,
    bidStartAt: inHours(-0.1),
    bidEndAt: inHours(2),
    pickupAt: inHours(24),
    carrierLinkIds: links.filter((l) => l.name === 'Vayu Roadlines').map((l) => l.id),
  });
  await login(page, 'carrier@demo.test');
  await page.goto('/#/carrier/requests');
  const card = page.locator(`[data-request-number="${open.number}"]`);
  await card.getByRole('textbox', { name: /Amount per trip/ }).pressSequentially('4500000');
  await expect(card.getByRole('textbox', { name: /Amount per trip/ })).toHaveValue('45,00,000');
  await expect(card.getByRole('status')).toContainText('far above the usual price for this lane');
  await card.getByRole('textbox', { name: 'Vehicles' }).fill('9');
  await card.getByRole('button', { name: 'Place bid' }).click();
  await expect(card.getByText('At most 2')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Vehicles' })).toHaveValue('9');
});

async function pickPreviousMonthDay(page: Page, label: string, day: number) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await dropdown.locator('button[data-direction="previous"]').first().click();
  await dayButton(dropdown, dayOfMonth(day, -1)).click();
  await dropdown.locator('button').last().click();
}
