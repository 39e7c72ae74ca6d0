import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.ts';

/**
 * Issue 31, a position can be trusted: the shipper pairs a driver's phone on its Devices page and
 * gets the setup card once (the QR code Traccar Client scans, the server URL, the identifier), on a
 * laptop and on a phone's 360 px; the phone reports; a fix from 2013 is answered all the same and
 * shows on the device's health as dropped; a new identifier stops the old one. The carrier has the
 * same page in its portal.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/live/devices-${name}.png`, fullPage: true });

async function post(identifier: string, lat: number, lng: number, at: Date) {
  const query = new URLSearchParams({
    id: identifier,
    lat: String(lat),
    lon: String(lng),
    timestamp: String(Math.floor(at.getTime() / 1000)),
  });
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_OSMAND_PORT}/?${query}`, { method: 'POST' });
  return res.status;
}

test('the shipper pairs a phone, sets it up from the card, and reads what became of its positions', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto('/#/devices');
  await expect(page.getByRole('tab', { name: 'Phones and GPS units', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pair a phone' }).click();
  const pairDialog = page.getByRole('dialog', { name: 'Pair a phone' });
  await pairDialog.getByRole('textbox', { name: 'Name' }).fill('Ramesh (MH12 PQ 4410)');
  await pairDialog.getByRole('button', { name: 'Pair and show the setup' }).click();

  const setup = page.getByRole('dialog', { name: 'Set up Ramesh (MH12 PQ 4410)' });
  await expect(setup.getByRole('img', { name: /^QR code to set up Traccar Client/ })).toBeVisible();
  const identifier = await setup.getByRole('textbox', { name: 'Device identifier' }).inputValue();
  expect(identifier).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  await expect(setup.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`http://localhost:${process.env.E2E_OSMAND_PORT}`);
  await expect(setup).toContainText('Shown once');
  await expect(setup).toContainText(`id=${identifier}&lat={0}&lon={1}`);
  await shot(page, 'setup-card');
  // On a phone's screen the card fits: the dialog within the screen, nothing in it wider than the dialog.
  await page.setViewportSize({ width: 360, height: 780 });
  const box = await setup.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
  expect(await setup.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'setup-card-360');
  await page.setViewportSize({ width: 1366, height: 900 });
  await setup.getByRole('button', { name: 'Done' }).click();

  // The list shows it by its name and last four characters, never the identifier.
  const row = page.getByRole('row').filter({ hasText: 'Ramesh (MH12 PQ 4410)' });
  await expect(row).toContainText(`…${identifier.slice(-4)}`);
  await expect(page.locator('main')).not.toContainText(identifier);

  // The phone reports; a fix from a phone with a wrong clock is answered all the same (it must not stall).
  expect(await post(identifier, 18.9, 73.8, new Date(Date.now() - 60_000))).toBe(200);
  expect(await post(identifier, 18.91, 73.8, new Date('2013-08-22T13:14:27Z'))).toBe(200);
  // The ingest adds its counts every 30 s.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('1 in use', { timeout: 2_000 });
    await expect(row).toContainText('1 position dropped: older than the positions kept', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await shot(page, 'health');

  // A new identifier: the old one stops at once, the card shows the new one.
  await row.getByRole('button', { name: 'Actions for Ramesh (MH12 PQ 4410)' }).click();
  await page.getByRole('menuitem', { name: 'Issue a new identifier' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Issue new identifier' }).click();
  const again = page.getByRole('dialog', { name: 'Set up Ramesh (MH12 PQ 4410)' });
  const fresh = await again.getByRole('textbox', { name: 'Device identifier' }).inputValue();
  expect(fresh).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  expect(fresh).not.toBe(identifier);
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText(`…${fresh.slice(-4)}`);
});

test('the carrier has its own tracking devices page, with a GPS unit by its IMEI', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 760 });
  await login(page, 'carrier@demo.test');
  await page.getByRole('link', { name: 'Tracking devices' }).click();
  await expect(page.getByRole('heading', { name: 'Tracking devices' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a GPS unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a GPS unit' });
  await expect(dialog).toContainText('reports through a Traccar server');
  await dialog.getByRole('textbox', { name: 'Identifier' }).fill('358480081239999');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Tanker 7 tracker');
  await dialog.getByRole('button', { name: 'Add GPS unit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Tanker 7 tracker' })).toContainText('358480081239999');
  await shot(page, 'carrier');
});
