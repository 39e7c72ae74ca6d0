import { expect, test } from '@playwright/test';
import { choose, chooseMany, login, PASSWORD, pickNextMonthDay, SURAT_STOP } from './helpers.ts';

// A short window, so the page must scroll to bring a bad field into view.
test.use({ viewport: { width: 1280, height: 640 } });

/**
 * Issue 14: the demo staff user (list-outbound-request, add-outbound-request, list-outbound-order,
 * list-industry-transporter) raises an outbound request from an empty form. Every invalid submit
 * brings the first bad field into view and names it, the alert lists the rest; the drop-off is found
 * by typing (the server searches the locations the role cannot list); then it publishes.
 */
test('staff raise an outbound request: each mistake is named, the drop-off is searched on the server', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login$ = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } });
  const headers = { authorization: `Bearer ${(await login$.json()).data.token}` };
  // 60 depots sort before the wanted location: it is not among the first 50 a picker shows.
  for (let i = 1; i <= 60; i++) {
    const depot = await request.post('/api/stops', { headers, data: { ...SURAT_STOP, name: `Depot ${String(i).padStart(2, '0')}` } });
    expect(depot.status()).toBe(201);
  }
  expect((await request.post('/api/stops', { headers, data: { ...SURAT_STOP, name: 'Udhna Warehouse' } })).status()).toBe(201);

  await login(page, 'staff@demo.test');
  await page.goto('/#/request/outbound/new');
  await page.getByRole('button', { name: 'Publish request' }).click();

  // The first bad field in the page is the plant: focused, in view, and the alert names every bad field.
  const summary = page.getByRole('alert').filter({ hasText: /Check th/ });
  await expect(summary.getByRole('listitem').first()).toHaveText('Plant: choose a plant');
  for (const line of [
    'Vehicle type: choose a vehicle type',
    'Weight (t): weight is required',
    'Pickup Date: pickup date must be a date and time',
    'Drop-off 1: choose a client address or a location',
  ]) {
    await expect(summary.getByRole('listitem').filter({ hasText: line })).toBeVisible();
  }
  const plant = page.getByRole('combobox', { name: 'Plant' });
  await expect(plant).toBeFocused();
  await expect(plant).toBeInViewport();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: '/tmp/pickers-empty-submit.png' });

  // An empty picker says why, and whom to ask (the role cannot add packages).
  await expect(page.getByRole('combobox', { name: 'Package' })).toHaveAccessibleDescription(
    'No packages yet — ask your administrator to add one.',
  );

  await choose(page, 'Plant', null);
  await choose(page, 'Vehicle type', null);
  // A number with a stray letter is refused on its field as typed, never read as 12.
  const weight = page.getByRole('textbox', { name: 'Weight (t)' });
  await weight.fill('12a');
  await page.getByRole('button', { name: 'Publish request' }).click();
  await expect(summary.getByRole('listitem').filter({ hasText: /^Weight \(t\): enter a number/ })).toBeVisible();
  await expect(weight).toHaveValue('12a');
  await expect(weight).toBeFocused();
  await weight.fill('18');
  await page.getByRole('checkbox', { name: 'Start bidding now' }).check();
  // Past days are not offered for the pickup: the past cannot be picked at all.
  await page.getByRole('button', { name: 'Pickup Date', exact: true }).click();
  const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await expect(calendar.locator('button[data-direction="previous"]').first()).toBeDisabled();
  await page.keyboard.press('Escape');
  await pickNextMonthDay(page, 'Pickup Date', 15);
  await chooseMany(page, 'Invite carriers', 'Vayu Roadlines');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Publish request' }).click();

  // Now drop-off 1 is the first bad field: brought into view and named.
  const dropoff = page.getByRole('combobox', { name: 'Drop-off 1' });
  await expect(dropoff).toBeFocused();
  await expect(dropoff).toBeInViewport();
  await expect(summary.getByRole('listitem')).toHaveText(['Drop-off 1: choose a client address or a location']);

  // The picker shows the first 50 and says there are more; typing asks the server.
  await dropoff.click();
  await expect(page.getByRole('option', { name: 'Depot 01, Surat' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Udhna Warehouse, Surat' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: /Showing the first 50/ })).toBeVisible();
  const searched = page.waitForRequest((r) => r.url().includes('/api/stops/options?search=udhna'));
  await dropoff.fill('udhna');
  await searched;
  await page.getByRole('option', { name: 'Udhna Warehouse, Surat' }).click();
  await expect(summary).toHaveCount(0);

  // Money shows lakh grouping while typing; a target far from the lane's usual price is warned about.
  const target = page.getByRole('textbox', { name: 'Target price (INR)' });
  await target.pressSequentially('4500000');
  await expect(target).toHaveValue('45,00,000');
  const warning = page.getByRole('status').filter({ hasText: 'far above the usual price for this lane' });
  await expect(warning).toBeVisible();
  await target.fill('45000');
  await expect(target).toHaveValue('45,000');
  await expect(warning).toBeHidden();

  // Remarks too long: named, and the page scrolls down to them.
  const remarks = page.getByRole('textbox', { name: 'Remarks' });
  await remarks.fill('Fragile load, handle with care. '.repeat(40));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Publish request' }).click();
  await expect(summary.getByRole('listitem')).toHaveText(['Remarks: at most 1000 characters']);
  await expect(remarks).toBeFocused();
  await expect(remarks).toBeInViewport();
  await expect(page.getByText('At most 1000 characters', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/pickers-remarks.png' });

  await remarks.fill('Fragile load, handle with care.');
  await page.getByRole('button', { name: 'Publish request' }).click();
  // The role cannot open a request's details: it lands on the list (not /401) with the new request in it.
  await expect(page).toHaveURL(/#\/request\/outbound$/);
  const published = page.getByText(/^Request OB-\d{4}-\d{6} is open\.$/);
  await expect(published).toBeVisible();
  const number = /OB-\d{4}-\d{6}/.exec((await published.textContent()) ?? '')?.[0] ?? '';
  await page.getByRole('tab', { name: 'Open' }).click();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/pickers-published.png' });
});
