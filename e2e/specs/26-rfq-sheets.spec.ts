import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, chooseMany, login, openPage, pickNextMonthDay } from './helpers.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 11's RFQ sheets: the owner imports a 10-lane RFQ from an XLSX file (a first file with an
 * unknown place is refused row by row), saves it and opens round 1; Vayu downloads its lane
 * sheet, types its rates (and declines one lane) and uploads it back; the owner sees the quotes in Compare.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LANE_HEADINGS = [
  'Origin type',
  'Origin',
  'Destination type',
  'Destination',
  'Vehicle type',
  'Trips per month',
  'Material',
  'Weight (t)',
  'Benchmark rate (₹)',
];

async function xlsx(headings: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Lanes');
  ws.addRow(headings);
  for (const r of rows) {
    ws.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Chooses a file in the open dialog and presses its upload button. */
async function upload(page: Page, dialogName: string, button: string, name: string, buffer: Buffer) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: XLSX, buffer });
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

test('an RFQ imported from a sheet, quoted by a carrier through its lane sheet', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const owner = await apiUser(request, 'owner@demo.test');
  const stops = [`Sheet DC North ${stamp}`, `Sheet DC South ${stamp}`];
  for (const name of stops) {
    await owner.post('/api/stops', {
      name,
      type: 'drop',
      address: 'Ambad MIDC',
      city: 'Nashik',
      state: 'Maharashtra',
      pincode: '422010',
      latitude: 19.95,
      longitude: 73.73,
    });
  }
  const [vehicle] = await owner.get<{ id: number; name: string }[]>('/api/vehicle-types/options');
  const lane = (i: number, destination = stops[i % 2] ?? '') => [
    'Plant',
    'Pune Chakan Plant',
    'Location',
    destination,
    vehicle?.name ?? '',
    10 + i,
    '',
    18,
    40_000 + i * 1000,
  ];
  const lanes = Array.from({ length: 10 }, (_, i) => lane(i));

  // The owner imports the sheet into a new RFQ: a row naming an unknown place refuses the file.
  await login(page, 'owner@demo.test');
  await openPage(page, '/#/rfp/new');
  const title = `Sheet lanes ${stamp}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await choose(page, 'Plant', /Pune Chakan/);
  await page.getByRole('button', { name: 'Import lanes' }).click();
  const bad = await xlsx(LANE_HEADINGS, [...lanes.slice(0, 2), lane(2, 'Nowhere DC'), ...lanes.slice(3)]);
  await upload(page, 'Import lanes from a sheet', 'Import lanes', 'lanes.xlsx', bad);
  const report = page.getByRole('table', { name: 'Import errors' });
  await expect(report.getByRole('row', { name: /^4 Destination No location of yours is called "Nowhere DC"/ })).toBeVisible();
  await expect(report.getByRole('row')).toHaveCount(2);

  await upload(page, 'Import lanes from a sheet', 'Import lanes', 'lanes.xlsx', await xlsx(LANE_HEADINGS, lanes));
  await expect(page.getByRole('dialog', { name: 'Import lanes from a sheet' })).toBeHidden();
  await expect(page.getByText('10 lanes', { exact: true })).toBeVisible();
  const lane10 = page.getByRole('group', { name: 'Lane 10' });
  await expect(lane10.getByRole('textbox', { name: 'Trips per month' })).toHaveValue('19');
  await expect(lane10.getByRole('combobox', { name: 'Destination' })).toHaveValue(new RegExp(`^${stops[1]}`));
  await expect(lane10.getByRole('textbox', { name: /Benchmark/ })).toHaveValue('49,000');
  await chooseMany(page, 'Invite carriers', 'Vayu Roadlines');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/#\/rfp\/detail\/\d+$/);
  await expect(page.getByRole('cell', { name: new RegExp(stops[1] ?? '') })).toHaveCount(5);

  // Round 1 to every lane.
  await page.getByRole('tab', { name: 'Rounds' }).click();
  await pickNextMonthDay(page, 'Quotes close', 15);
  await page.getByRole('button', { name: 'Open round 1' }).click();
  await expect(page.getByText('Round 1', { exact: true })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('RFQ ', '') ?? '';
  expect(number).toMatch(/^RFQ-/);

  // Vayu downloads its lane sheet, fills in nine rates and declines lane 10, and uploads it.
  const vayu = await (await browser.newContext()).newPage();
  await login(vayu, 'carrier@demo.test');
  await vayu.goto('/#/carrier/rfqs');
  await vayu.getByRole('link', { name: number }).click();
  const downloading = vayu.waitForEvent('download');
  await vayu.getByRole('button', { name: 'Download lane sheet' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${number}-lanes.*\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  if (!sheet) {
    throw new Error('The lane sheet has no worksheet');
  }
  // ExcelJS counts cells from 1: its row arrays start with an empty slot.
  const cells = (r: number) => (sheet.getRow(r).values as (string | number)[]).slice(1);
  const headings = cells(1) as string[];
  expect(headings).toEqual([
    'Lane no.',
    'Origin',
    'Destination',
    'Vehicle type',
    'Trips per month',
    'Material',
    'Weight (t)',
    'Your rate (₹)',
    'Decline (yes/no)',
  ]);
  const rows: (string | number)[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values = cells(r);
    const seq = Number(values[0]);
    rows.push([...values.slice(0, 7), seq === 10 ? '' : 39_000 + seq * 1000, seq === 10 ? 'yes' : '']);
  }
  expect(rows).toHaveLength(10);
  await vayu.getByRole('button', { name: 'Upload rates' }).click();
  await upload(vayu, `Upload rates for ${number}`, 'Upload rates', 'rates.xlsx', await xlsx(headings, rows));
  await expect(vayu.getByRole('group', { name: 'Lane 1' }).getByText('Your latest quote: ₹40,000.00 (round 1)')).toBeVisible();
  await expect(vayu.getByRole('group', { name: 'Lane 9' }).getByText('Your latest quote: ₹48,000.00 (round 1)')).toBeVisible();
  await expect(vayu.getByRole('group', { name: 'Lane 10' }).getByText('Your latest quote: Declined (round 1)')).toBeVisible();

  // The owner compares: Vayu's rates per lane, and its decline.
  await page.reload();
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.locator('[data-lane="1"]').getByText('Vayu Roadlines: ₹40,000.00 (round 1)')).toBeVisible();
  await expect(page.locator('[data-lane="9"]').getByText('Vayu Roadlines: ₹48,000.00 (round 1)')).toBeVisible();
  await expect(page.locator('[data-lane="10"]').getByText('Declined: Vayu Roadlines')).toBeVisible();
});
