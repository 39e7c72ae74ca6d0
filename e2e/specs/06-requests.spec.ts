import { expect, type Page, test } from '@playwright/test';
import { login, logout, openMenu, SURAT_STOP } from './helpers.ts';

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function apiAs(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

test('the request form keeps one drop-off; an invited carrier bids and the shipper sees the bid ranked', async ({ page }) => {
  await login(page, 'owner@demo.test');
  await openMenu(page, 'Outbound requests');
  await page.getByRole('link', { name: 'New request' }).click();
  await page.getByRole('button', { name: 'Remove drop-off 1' }).click();
  await expect(page.getByText('Keep at least one drop-off Address.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish request' }).click();
  await expect(page.getByText('Choose a plant', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Plant: choose a plant' })).toBeVisible();
  // A required picker keeps its choice when the chosen option is clicked again.
  const plantBox = page.getByRole('combobox', { name: 'Plant' });
  await plantBox.click();
  const firstPlant = page.getByRole('option').first();
  const plantName = (await firstPlant.textContent()) ?? '';
  await firstPlant.click();
  await expect(plantBox).toHaveValue(plantName);
  await plantBox.click();
  await page.getByRole('option', { name: plantName, exact: true }).click();
  await expect(plantBox).toHaveValue(plantName);
  await expect(page.getByText('Choose a plant', { exact: true })).toBeHidden();

  // The request itself is published through the API the form calls.
  const headers = await apiAs(page);
  const plant = (await (await page.request.get('/api/plants/options', { headers })).json()).data[0];
  const vehicle = (await (await page.request.get('/api/vehicle-types/options', { headers })).json()).data[0];
  const vayu = (await (await page.request.get('/api/carriers/options', { headers })).json()).data.find(
    (c: { name: string }) => c.name === 'Vayu Roadlines',
  );
  const stop = await page.request.post('/api/stops', {
    headers,
    data: SURAT_STOP,
  });
  const created = await page.request.post('/api/requests/outbound', {
    headers,
    data: {
      requestType: 1,
      plantId: plant.id,
      dropoffs: [{ stopId: (await stop.json()).data.id }],
      weightTonnes: 14,
      vehicleTypeId: vehicle.id,
      vehicleCount: 2,
      bidStartAt: hours(-1),
      bidEndAt: hours(3),
      pickupAt: hours(24),
      targetPriceRupees: 52000,
      carrierLinkIds: [vayu.id],
    },
  });
  expect(created.status()).toBe(201);
  const request = (await created.json()).data;
  await page.reload();
  await openMenu(page, 'Outbound requests');
  await page.getByRole('tab', { name: 'Open' }).click();
  await expect(page.getByRole('link', { name: request.number })).toBeVisible();
  await logout(page);

  await login(page, 'carrier@demo.test');
  // The invitation arrives as a notification; picking it in the list opens the requests to bid.
  await page.getByRole('link', { name: /Notifications, \d+ unread/ }).click();
  await page.getByText(`You are invited to bid on ${request.number}.`).click();
  await expect(page).toHaveURL(/#\/carrier\/requests$/);
  await expect(page.getByRole('heading', { name: request.number })).toBeVisible();
  await expect(page.getByLabel('Time left')).toContainText('h');
  await page.getByRole('textbox', { name: 'Amount per trip (INR)' }).fill('49500');
  await page.getByRole('button', { name: 'Place bid' }).click();
  await expect(page.getByText('rank L1')).toBeVisible();
  await logout(page);

  await login(page, 'owner@demo.test');
  await page.goto(`/#/request/outbound/detail/${request.id}/bids`);
  const board = page.getByRole('table', { name: 'Bids' });
  await expect(board.getByRole('cell', { name: 'Vayu Roadlines' })).toBeVisible();
  await expect(board.getByText('L1')).toBeVisible();
  await expect(board.getByText('₹2,500.00 (4.8%)')).toBeVisible();

  // The carrier lowers its bid elsewhere; the open board shows it live, without a reload.
  const carrierLogin = await page.request.post('/api/auth/login', { data: { login: 'carrier@demo.test', password: 'Demo@12345' } });
  const carrierToken = (await carrierLogin.json()).data.token;
  const lowered = await page.request.post(`/api/carrier/requests/${request.id}/bids`, {
    headers: { authorization: `Bearer ${carrierToken}` },
    data: { amountRupees: 48000, vehicles: 1 },
  });
  expect(lowered.status()).toBe(201);
  await expect(board.getByRole('cell', { name: '₹48,000.00' })).toBeVisible({ timeout: 5000 });
});
