import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, login, openMenu } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow, offlineOrder } from './shipper-api.ts';

// A report exported as a background job: the order register of one plant, asked for on My reports,
// followed on its progress bar until the download appears, then downloaded and opened.
test('the order register of a plant is exported to XLSX through the background job and opens', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner, 'Vapi Warehouse');
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: 'Report Export DC',
    type: 'drop',
    address: 'Ambad MIDC',
    city: 'Nashik',
    state: 'Maharashtra',
    pincode: '422010',
    latitude: 19.95,
    longitude: 73.73,
  });
  const order = await offlineOrder(owner, ids, stop.id, {
    priceRupees: 41_750,
    pickupAt: hoursFromNow(-3),
    vehicleNumber: 'MH15RX2801',
    driverName: '=HYPERLINK("http://evil.test")',
    driverMobile: '9822012345',
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await openMenu(page, 'Reports');
  await choose(page, 'Direction', 'Outbound');
  await choose(page, 'Plant', 'Vapi Warehouse');
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: 'XLSX' }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exports = page.getByRole('table', { name: 'Your exports' });
  const download = exports.getByRole('button', { name: /^Download order-register-\d{4}-\d{2}-\d{2}\.xlsx$/ }).first();
  // The job runs in the background: its row shows the progress bar until the file is ready.
  await expect(exports.getByRole('progressbar', { name: 'Export progress' }).or(download).first()).toBeVisible();
  await expect(download).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('my-reports.png'), fullPage: true });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^order-register-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await file.path()) ?? '');
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1);
  expect(header).toEqual(
    expect.arrayContaining(['Order', 'Plant', 'Carrier', 'Pickup Date', 'Gate In Date', 'Gate Out Date', 'Rejected Date']),
  );
  const rows = (sheet?.getSheetValues() ?? []).slice(2) as unknown[][];
  const ours = rows.find((r) => r?.[1] === order.number);
  expect(ours).toBeTruthy();
  // Only the plant asked for; a formula in the data stays text (cells found by their header: 1-based).
  const cell = (name: string) => header.indexOf(name) + 1;
  expect(cell('Driver')).toBeGreaterThan(0);
  expect(rows.every((r) => r?.[cell('Plant')] === 'Vapi Warehouse')).toBe(true);
  expect(ours?.[cell('Driver')]).toBe(`'=HYPERLINK("http://evil.test")`);
  // The lane and the billing columns of issue 33 (this order is not billed yet).
  expect(header).toEqual(expect.arrayContaining(['Lane', 'Invoice', 'Billed (₹)']));
});
