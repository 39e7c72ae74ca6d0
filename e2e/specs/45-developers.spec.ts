import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { login } from './helpers.ts';

/**
 * Issue 34: the shipper owner creates an API key in Settings → Developers, copies the secret shown
 * once, and an ERP uses it against /api with X-API-Key: its read works, a write is refused (403).
 * Revoked, the key is refused (401) at once.
 */
test('an owner creates an API key, an ERP uses it, the owner revokes it', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  await login(page, 'owner@demo.test');
  await page.goto('/#/settings/developers');
  await expect(page.getByRole('heading', { name: 'Developers', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'the Developers page');

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill('SAP production');
  await dialog.getByRole('checkbox', { name: /^orders:read/ }).check();
  await expectAccessible(page, 'the create key dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveText(/^fdk_[A-Za-z0-9_-]{43}$/);
  const key = (await secret.textContent())?.trim() ?? '';
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: 'SAP production' });
  await expect(row).toContainText(key.slice(0, 10));
  // The secret is shown once: the list has only its prefix.
  await expect(page.getByText(key)).toHaveCount(0);

  const read = await request.get('/api/orders/outbound', { headers: { 'X-API-Key': key } });
  expect(read.status()).toBe(200);
  const write = await request.post('/api/requests/outbound', { headers: { 'X-API-Key': key }, data: {} });
  expect(write.status()).toBe(403);

  // The calls show in the key's audit log (written within a second).
  await row.getByRole('button', { name: 'Calls of SAP production' }).click();
  const calls = page.getByRole('table', { name: 'Calls of SAP production' });
  await expect(async () => {
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'SAP production' }).getByRole('button', { name: 'Calls of SAP production' }).click();
    await expect(calls).toContainText('GET /api/orders/outbound', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(calls).toContainText('POST /api/requests/outbound');

  await page.getByRole('row').filter({ hasText: 'SAP production' }).getByRole('button', { name: 'Revoke SAP production' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'SAP production' })).toContainText('Revoked');
  const refused = await request.get('/api/orders/outbound', { headers: { 'X-API-Key': key } });
  expect(refused.status()).toBe(401);
});

/**
 * Issue 34: the carrier adds a webhook endpoint on its phone. A new endpoint starts enabled; a URL
 * that is not public https is refused at the field, and nothing is added.
 */
test('a carrier on its phone adds a webhook endpoint: enabled by default, a private URL refused', async ({ page }) => {
  test.setTimeout(2 * 60_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await login(page, 'carrier@demo.test');
  await page.goto('/#/settings/developers');
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await expect(dialog.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  await dialog.getByLabel('URL').fill('http://localhost:9/hook');
  await dialog.getByRole('checkbox', { name: /^order\.delivered/ }).check();
  await expectAccessible(page, 'the add endpoint dialog');
  await dialog.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(dialog.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText(/https/i);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  // The guide's examples name this server and scroll inside themselves: the page never scrolls sideways.
  await expect(page.getByRole('heading', { name: 'Guide' })).toBeVisible();
  await expect(page.getByLabel('Record up to 500 offline orders in one call')).toContainText('/api/offline-orders/outbound/bulk');
  await expect(page.getByLabel('Receive webhooks in Node and verify their signature')).toContainText("from 'standardwebhooks'");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the Developers page with its guide, at 360 px');
});
