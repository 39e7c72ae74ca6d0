import { expect, test } from '@playwright/test';
import { login, openMenu, pickStateAndCity } from './helpers.ts';

test('plants: add with field errors, view, edit, search, deactivate, plan limit', async ({ page }) => {
  await login(page, 'owner@demo.test');
  await openMenu(page, 'Plants');
  await expect(page.getByRole('cell', { name: 'Pune Chakan Plant', exact: true })).toBeVisible();
  await expect(page.getByText('1-3 of 3')).toBeVisible();

  await page.getByRole('link', { name: 'Add plant' }).click();
  await page.getByRole('textbox', { name: 'Plant name' }).fill('Nagpur Depot');
  await page.getByRole('textbox', { name: 'Plant code' }).fill('PUN01');
  await page.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZA');
  await page.getByRole('textbox', { name: 'Address' }).fill('Butibori MIDC');
  await pickStateAndCity(page, 'Maharashtra', 'Nagpur');
  await page.getByRole('textbox', { name: 'PIN code' }).fill('041122');
  await page.getByRole('textbox', { name: 'Latitude' }).fill('20.93');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('79.01');
  await page.getByRole('button', { name: 'Add plant' }).click();
  // The form checks the GSTIN check character and the PIN before sending.
  await expect(page.getByText('GSTIN check character does not match', { exact: true })).toBeVisible();
  await expect(page.getByText('PIN code must be 6 digits, not starting with 0', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'GSTIN' }).fill('27AAPFU0939F1ZV');
  await page.getByRole('textbox', { name: 'PIN code' }).fill('441122');
  await page.getByRole('button', { name: 'Add plant' }).click();
  // The server refuses the duplicate code and the message lands on the field, said once (not
  // repeated in the error summary), with the field brought into view.
  await expect(page.getByText('Another plant already uses this code.', { exact: true })).toBeVisible();
  await expect(page.getByText('another plant already uses this code')).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'Plant code' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Plant code' }).fill('NAG01');
  await page.getByRole('button', { name: 'Add plant' }).click();
  await expect(page.getByRole('heading', { name: 'Nagpur Depot' })).toBeVisible();
  await expect(page.getByText('27AAPFU0939F1ZV')).toBeVisible();

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('textbox', { name: 'Contact name' }).fill('Sanjay');
  await page.getByRole('button', { name: 'Save plant' }).click();
  await expect(page.getByText('Sanjay')).toBeVisible();

  await openMenu(page, 'Plants');
  // A row the search keeps stays the same element when it moves up to the first place, so a click
  // made on it while the search's answer arrives is not lost to a remount.
  const chakan = page.getByRole('row', { name: /Pune Chakan Plant/ });
  const place = () => chakan.evaluate((row) => (row as HTMLTableRowElement).sectionRowIndex);
  expect(await place()).toBeGreaterThan(0);
  await chakan.getByRole('cell', { name: 'Pune Chakan Plant', exact: true }).evaluate((cell) => {
    (cell as HTMLElement).dataset.probe = 'kept';
  });
  await page.getByRole('textbox', { name: 'Search' }).fill('chakan');
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  expect(await place()).toBe(0);
  await expect(page.locator('[data-probe="kept"]')).toHaveText('Pune Chakan Plant');

  await page.getByRole('textbox', { name: 'Search' }).fill('nagpur');
  await expect(page.getByText('1-1 of 1')).toBeVisible();
  await expect(page.getByRole('row', { name: /Nagpur Depot/ })).toBeVisible();
  await expect(page).toHaveURL(/search=nagpur/);
  await page.getByRole('button', { name: 'Actions for Nagpur Depot' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(page.getByText('Are you sure?')).toBeVisible();
  await expect(page.getByText('Status will be changed!')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row', { name: /Nagpur Depot/ }).getByText('Deactive')).toBeVisible();

  // Growth allows 5 active plants: 2 are active; add 3 and the 6th is refused with a clear message.
  for (const code of ['A1', 'A2', 'A3']) {
    const res = await page.request.post('/api/plants', {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
      data: {
        name: `Plant ${code}`,
        code,
        gstin: '27AAPFU0939F1ZV',
        address: 'x',
        city: 'Pune',
        state: 'MH',
        country: 'India',
        pincode: '411001',
        latitude: 18.5,
        longitude: 73.8,
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/#/plant/add');
  await expect(page.getByText('Your plan allows 5 active plants and all are in use')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add plant' })).toBeDisabled();
});
