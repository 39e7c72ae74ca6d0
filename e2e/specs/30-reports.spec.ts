import { expect, test } from '@playwright/test';
import { choose, login } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

type Column = { key: string; label: string; kind: string };
type ReportPage = { columns: Column[]; totals: Record<string, number | string | null>; total: number };

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** An instant's day in India (YYYY-MM-DD). */
const indiaDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

// The summary reports on My reports: spend by month opened from a link (as the dashboard links),
// its totals row as the API counts it, grouped another way, exported to XLSX through the
// background job, then another report of the catalog picked.
test('spend by month shows its totals, groups by lane, exports to XLSX and gives way to another report', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: 'Spend Report DC',
    type: 'drop',
    address: 'Hinjewadi Phase 2',
    city: 'Hinjawadi',
    state: 'Maharashtra',
    pincode: '411057',
    latitude: 18.59,
    longitude: 73.7,
  });
  const pickupAt = hoursFromNow(-2);
  await owner.post('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: ids.vehicleTypeId,
    priceRupees: 52_500,
    pickupAt,
    dropoffs: [{ stopId: stop.id }],
    vehicleNumber: 'MH12SR3001',
    driverName: 'Santosh Jadhav',
    driverMobile: '9822030001',
  });

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto('/#/my-reports?report=spend&groupBy=month');
  // Without dates the report opens on the current month, shown in the URL and the picker.
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('tab', { name: 'Summary reports', selected: true })).toBeVisible();

  // The day of the order, as a link to the report would name it.
  const day = indiaDay(pickupAt);
  await page.goto(`/#/my-reports?report=spend&groupBy=month&from=${day}&to=${day}`);
  const api = await owner.get<ReportPage>(`/api/reports/spend?groupBy=month&from=${day}&to=${day}`);
  expect(Number(api.totals.orders)).toBeGreaterThanOrEqual(1);
  expect(Number(api.totals.spendRupees)).toBeGreaterThanOrEqual(52_500);
  const table = page.getByRole('table', { name: 'Spend' });
  await expect(table.getByRole('columnheader', { name: 'Month' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  const totals = table.getByRole('row', { name: 'Totals' });
  const at = (key: string) => api.columns.findIndex((c) => c.key === key);
  await expect(totals.getByRole('cell').nth(0)).toHaveText('Total');
  await expect(totals.getByRole('cell').nth(at('orders'))).toHaveText(String(api.totals.orders));
  await expect(totals.getByRole('cell').nth(at('spendRupees'))).toHaveText(inr.format(Number(api.totals.spendRupees)));
  await expect(page.getByText('1-1 of 1')).toBeVisible();

  // Grouped by lane: the plant to the last drop.
  await page.getByLabel('Group by').getByText('Lane', { exact: true }).click();
  await expect(page).toHaveURL(/groupBy=lane/);
  await expect(table.getByRole('columnheader', { name: 'Lane' })).toBeVisible();
  const lane = 'Pune Chakan Plant → Hinjawadi';
  await expect(table.getByRole('cell', { name: lane, exact: true })).toBeVisible();

  // The Lane filter searches the lanes on the server; picked, the report keeps that lane alone.
  await page.getByRole('combobox', { name: 'Lane' }).fill('hinjaw');
  await page.getByRole('option', { name: lane }).click();
  await expect(page).toHaveURL(/lane=Pune/);
  const onLane = await owner.get<ReportPage>(`/api/reports/spend?groupBy=lane&from=${day}&to=${day}&lane=${encodeURIComponent(lane)}`);
  expect(onLane.total).toBe(1);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: lane, exact: true })).toBeVisible();
  await expect(totals.getByRole('cell').nth(at('orders'))).toHaveText(String(onLane.totals.orders));

  // Export XLSX of what is on screen: a background job the export list follows to its download.
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  await expect(page.getByText('Spend export started.')).toBeVisible();
  const exports = page.getByRole('table', { name: 'Your exports' });
  await expect(exports.getByRole('button', { name: /^Download spend-\d{4}-\d{2}-\d{2}\.xlsx$/ }).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('summary-reports.png'), fullPage: true });

  // Another report of the catalog (the server adds them; each is drawn from its own columns).
  const catalog = await owner.get<{ name: string; label: string; dateLabel: string }[]>('/api/reports');
  const other = catalog.find((r) => r.name !== 'spend');
  if (!other) {
    test.info().annotations.push({ type: 'note', description: 'The catalog has no report but spend yet: no other report picked.' });
    return;
  }
  await choose(page, 'Report', other.label);
  await expect(page).toHaveURL(new RegExp(`report=${other.name}`));
  await expect(page).not.toHaveURL(/groupBy=/);
  await expect(page.getByRole('table', { name: other.label })).toBeVisible();
  await expect(page.locator('label').filter({ hasText: new RegExp(`^${other.dateLabel}$`) })).toBeVisible();
});
