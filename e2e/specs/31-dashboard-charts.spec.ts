import { expect, type Locator, type Page, test } from '@playwright/test';
import { choose, dayButton, login } from './helpers.ts';
import { type ApiUser, apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

type Trends = {
  spendByMonth: { month: string; spendRupees: number; savingRupees: number; orders: number }[];
  ordersByStatus: { status: string; label: string; count: number }[];
  topLanes: { lane: string; spendRupees: number; orders: number }[];
  carrierRanking: { carrier: string; orders: number; spendRupees: number; onTimePercent: number | null }[];
  inTransit: number;
};
type Column = { key: string; label: string; kind: string };
type ReportPage = { columns: Column[]; totals: Record<string, number | string | null>; total: number };
type Filter = { plantId?: number; startDate?: string; endDate?: string };

const EMPTY = 'No orders in this period';
const SPEND = 'Freight spend and saving by month';
const STATUS = 'Orders by status';
const LANES = 'Top lanes by spend';
const CARRIERS = 'Carriers with most orders';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees as the charts' axes and tooltips show them (₹45,000; ₹1.25 L; ₹3.4 Cr). */
function inrShort(rupees: number): string {
  const abs = Math.abs(rupees);
  const short = (n: number) => String(Math.round(n * 100) / 100);
  const text =
    abs >= 1e7 ? `₹${short(abs / 1e7)} Cr` : abs >= 1e5 ? `₹${short(abs / 1e5)} L` : `₹${Math.round(abs).toLocaleString('en-IN')}`;
  return `${rupees < 0 ? '-' : ''}${text}`;
}
/** Today in India (YYYY-MM-DD). */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** "2026-03" as the chart's axis shows it ("Mar 2026"). */
const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
/** The first and last day of the month before `day`'s. */
function previousMonth(day: string): { first: string; last: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { first: first.toISOString().slice(0, 10), last: last.toISOString().slice(0, 10) };
}

function trendsUrl(f: Filter): string {
  const q = new URLSearchParams();
  if (f.startDate) {
    q.set('startDate', f.startDate);
  }
  if (f.endDate) {
    q.set('endDate', f.endDate);
  }
  if (f.plantId) {
    q.set('plantId', String(f.plantId));
  }
  return `/api/dashboard/trends${q.size ? `?${q}` : ''}`;
}
const hasSpend = (t: Trends) => t.spendByMonth.some((m) => m.orders > 0 || m.spendRupees !== 0);
const orderCount = (t: Trends) => t.ordersByStatus.reduce((sum, s) => sum + s.count, 0);

/** One chart card of the dashboard's Trends section, by its title. */
const chartCard = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Trends' })
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A chart's axis labels, each as one line (Recharts wraps a long one over several tspans). */
const axisLabels = (card: Locator) =>
  card
    .locator('.recharts-cartesian-axis-tick-value')
    .evaluateAll((texts) => texts.map((t) => Array.from(t.querySelectorAll('tspan'), (s) => s.textContent ?? '').join(' ')));

/** The charts as the API counts them for the same filters: drawn (or empty) with the same figures. */
async function expectChartsMatch(page: Page, owner: ApiUser, f: Filter): Promise<Trends> {
  const t = await owner.get<Trends>(trendsUrl(f));
  const spend = chartCard(page, SPEND);
  const status = chartCard(page, STATUS);
  const lanes = chartCard(page, LANES);
  const carriers = chartCard(page, CARRIERS);
  if (hasSpend(t)) {
    await expect(spend.locator('svg.recharts-surface').first()).toBeVisible();
    await expect.poll(() => axisLabels(spend)).toEqual(expect.arrayContaining(t.spendByMonth.map((m) => monthLabel(m.month))));
  } else {
    await expect(spend.getByText(EMPTY)).toBeVisible();
    await expect(spend.locator('svg')).toHaveCount(0);
  }
  const total = orderCount(t);
  if (total) {
    await expect(status).toContainText(`${total} ${total === 1 ? 'order' : 'orders'}`);
    for (const s of t.ordersByStatus) {
      await expect(status).toContainText(new RegExp(`${s.label}${s.count}(?!\\d)`));
    }
  } else {
    await expect(status.getByText(EMPTY)).toBeVisible();
  }
  if (t.topLanes.length) {
    await expect.poll(() => axisLabels(lanes)).toEqual(expect.arrayContaining(t.topLanes.map((l) => l.lane)));
  } else {
    await expect(lanes.getByText(EMPTY)).toBeVisible();
  }
  if (t.carrierRanking.length) {
    const table = carriers.getByRole('table', { name: 'Carrier ranking' });
    await expect(table.getByRole('row')).toHaveCount(t.carrierRanking.length + 1);
    for (const c of t.carrierRanking) {
      await expect(table.getByRole('row').filter({ hasText: c.carrier }).getByRole('cell').nth(2)).toHaveText(
        c.orders.toLocaleString('en-IN'),
      );
    }
  } else {
    await expect(carriers.getByText(EMPTY)).toBeVisible();
  }
  return t;
}

/** Picks a range of days in the dashboard's date-range picker (the first day's month is shown or `monthsBack` before it). */
async function pickRange(page: Page, from: string, to: string, monthsBack: number) {
  await page.getByRole('button', { name: 'Date range', exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  const day = (d: string) => dayButton(dropdown, d);
  for (let i = 0; i < monthsBack; i++) {
    await dropdown.locator('button[data-direction="previous"]').first().click();
  }
  await day(from).click();
  if (from.slice(0, 7) !== to.slice(0, 7)) {
    await dropdown.locator('button[data-direction="next"]').first().click();
  }
  await day(to).click();
  await expect(dropdown).toBeHidden();
  await expect(page.getByRole('button', { name: 'Date range', exact: true })).toContainText(`${from} – ${to}`);
}

const reportHref = (link: Locator) => link.getAttribute('href').then((h) => new URLSearchParams((h ?? '').split('?')[1] ?? ''));

test.use({ timezoneId: 'Asia/Kolkata' });

// The shipper dashboard's charts follow its plant and date range (each as the trends API counts the
// same filters), and the spend chart opens the spend report on the same plant and days.
test('the dashboard charts follow the plant and date range and open the spend report behind them', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const pune = await demoIds(owner);
  const vapi = await demoIds(owner, 'Vapi Warehouse');
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: 'Charts Kolhapur DC',
    type: 'drop',
    address: 'Shiroli MIDC',
    city: 'Kolhapur',
    state: 'Maharashtra',
    pincode: '416122',
    latitude: 16.74,
    longitude: 74.24,
  });
  const lane = 'Pune Chakan Plant → Kolhapur';
  for (const [i, price] of [2_48_650, 1_31_350].entries()) {
    await owner.post('/api/offline-orders/outbound', {
      carrierLinkId: pune.vayuLink,
      plantId: pune.plantId,
      vehicleTypeId: pune.vehicleTypeId,
      priceRupees: price,
      pickupAt: hoursFromNow(-1),
      dropoffs: [{ stopId: stop.id }],
      vehicleNumber: `MH09CH310${i}`,
      driverName: 'Ganesh Patil',
      driverMobile: `982203110${i}`,
    });
  }
  const ours = await owner.get<Trends>(trendsUrl({ plantId: pune.plantId }));
  const ourLane = ours.topLanes.find((l) => l.lane === lane);
  expect(ourLane?.spendRupees).toBeGreaterThanOrEqual(3_80_000);
  expect((await owner.get<Trends>(trendsUrl({ plantId: vapi.plantId }))).topLanes.map((l) => l.lane)).not.toContain(lane);

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const trends = page.getByRole('region', { name: 'Trends' });
  await expect(trends).toBeVisible();
  // Any time, all plants: the charts as the API counts them.
  await expectChartsMatch(page, owner, {});

  // Vapi Warehouse: none of our orders (its spend chart empty, or the API's figures for Vapi).
  const charts = (f: Filter) => page.waitForResponse((r) => r.url().endsWith(trendsUrl(f)) && r.ok());
  let drawn = charts({ plantId: vapi.plantId });
  await choose(page, 'Plant', 'Vapi Warehouse');
  await drawn;
  await expect(page.getByRole('combobox', { name: 'Plant' })).toHaveValue('Vapi Warehouse');
  const atVapi = await expectChartsMatch(page, owner, { plantId: vapi.plantId });
  expect(await axisLabels(chartCard(page, LANES))).not.toContain(lane);
  const spendLink = page.getByRole('link', { name: `Open report: ${SPEND}` });
  // Any time on the dashboard opens its report on every day, not the report's current month.
  expect(Object.fromEntries(await reportHref(spendLink))).toEqual({
    report: 'spend',
    groupBy: 'month',
    plantId: String(vapi.plantId),
    days: 'any',
  });
  if (!hasSpend(atVapi)) {
    await expect(chartCard(page, SPEND).getByText(EMPTY)).toBeVisible();
  }

  // Pune Chakan Plant: the spend chart drawn, our lane among the top lanes.
  drawn = charts({ plantId: pune.plantId });
  await choose(page, 'Plant', 'Pune Chakan Plant');
  await drawn;
  const atPune = await expectChartsMatch(page, owner, { plantId: pune.plantId });
  expect(hasSpend(atPune)).toBe(true);
  await expect(chartCard(page, SPEND).locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => axisLabels(chartCard(page, LANES))).toContain(lane);
  await expect(chartCard(page, CARRIERS).getByRole('row').filter({ hasText: 'Vayu Roadlines' })).toBeVisible();
  // Any time, one plant: the oldest month's bar (other specs' orders may add months) shows the API's figures.
  const [month] = atPune.spendByMonth;
  expect(month?.spendRupees).toBeGreaterThan(0);
  await chartCard(page, SPEND).locator('.recharts-bar-rectangle').first().hover();
  const tooltip = chartCard(page, SPEND).locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(monthLabel(month?.month ?? ''));
  await expect(tooltip).toContainText(`Spend${inrShort(month?.spendRupees ?? 0)}`);
  await expect(tooltip).toContainText(`Saving against target${inrShort(month?.savingRupees ?? 0)}`);
  const lanesParams = await reportHref(page.getByRole('link', { name: `Open report: ${LANES}` }));
  expect(Object.fromEntries(lanesParams)).toEqual({ report: 'spend', groupBy: 'lane', plantId: String(pune.plantId), days: 'any' });
  await page.screenshot({ path: test.info().outputPath('dashboard-charts-pune.png'), fullPage: true });

  // Last month (before our orders were made): the charts as the API counts it, empty when it has none.
  const today = indiaToday();
  const last = previousMonth(today);
  drawn = charts({ plantId: pune.plantId, startDate: last.first, endDate: last.last });
  await pickRange(page, last.first, last.last, 1);
  await drawn;
  const lastMonth = await expectChartsMatch(page, owner, { plantId: pune.plantId, startDate: last.first, endDate: last.last });
  expect(lastMonth.topLanes.map((l) => l.lane)).not.toContain(lane);
  expect(await axisLabels(chartCard(page, LANES))).not.toContain(lane);
  if (!hasSpend(lastMonth)) {
    await expect(chartCard(page, SPEND).getByText(EMPTY)).toBeVisible();
  }
  expect(Object.fromEntries(await reportHref(spendLink))).toEqual({
    report: 'spend',
    groupBy: 'month',
    from: last.first,
    to: last.last,
    plantId: String(pune.plantId),
  });

  // Back to a range that holds today: our lane again.
  const range = { plantId: pune.plantId, startDate: last.first, endDate: today };
  drawn = charts(range);
  await pickRange(page, last.first, today, 0);
  await drawn;
  const back = await expectChartsMatch(page, owner, range);
  expect(back.topLanes.map((l) => l.lane)).toContain(lane);
  await expect(chartCard(page, SPEND).locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => axisLabels(chartCard(page, LANES))).toContain(lane);

  // The spend chart's report: spend by month on Pune and the same days, with its totals row.
  await spendLink.click();
  await expect(page).toHaveURL(/#\/my-reports\?/);
  const url = new URL(page.url().replace('/#/', '/'));
  expect(Object.fromEntries(url.searchParams)).toEqual({
    report: 'spend',
    groupBy: 'month',
    from: last.first,
    to: today,
    plantId: String(pune.plantId),
  });
  await expect(page.getByRole('tab', { name: 'Summary reports', selected: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Report' })).toHaveValue('Spend');
  await expect(page.getByRole('combobox', { name: 'Plant' })).toHaveValue('Pune Chakan Plant');
  const api = await owner.get<ReportPage>(`/api/reports/spend?groupBy=month&from=${last.first}&to=${today}&plantId=${pune.plantId}`);
  expect(Number(api.totals.spendRupees)).toBeGreaterThanOrEqual(3_80_000);
  const table = page.getByRole('table', { name: 'Spend' });
  await expect(table.getByRole('columnheader', { name: 'Month' })).toBeVisible();
  const totals = table.getByRole('row', { name: 'Totals' });
  const at = (key: string) => api.columns.findIndex((c) => c.key === key);
  await expect(totals.getByRole('cell').nth(0)).toHaveText('Total');
  await expect(totals.getByRole('cell').nth(at('orders'))).toHaveText(String(api.totals.orders));
  await expect(totals.getByRole('cell').nth(at('spendRupees'))).toHaveText(inr.format(Number(api.totals.spendRupees)));
  await page.screenshot({ path: test.info().outputPath('spend-report-from-chart.png'), fullPage: true });
});
