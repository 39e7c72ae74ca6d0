import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { emissionsOrder, finishTrip } from './emission-load.ts';
import { login, openMenu } from './helpers.ts';
import { PHONE, phoneChecks } from './phone-checks.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 37 item 3: the carrier sees its own scorecard and emissions. Vayu finishes a 21 t load for
 * Demo Industries (its figure kept when the trip ends), opens Performance from its menu on a
 * desktop — a row for its shipper with the scores and the g CO2e per tonne-km, this month's loads
 * with their tonne-km and t CO2e, the method named under them — and again on a phone, as cards,
 * nothing sideways at 390 and 360 px. Each view passes axe.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** This month in India, as the page names it ('Dec 2026'). */
const thisMonth = () => {
  const day = new Date(Date.now() + 330 * 60_000).toISOString();
  return `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
};

type Scorecard = { shippers: { shipper: string; emissionsIntensity: number | null }[]; months: { loads: number }[] };

test('the carrier opens Performance: its shipper’s row and this month’s emissions, on a desktop and a phone', async ({
  page,
  request,
}, testInfo) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  await finishTrip({ owner, vayu }, await emissionsOrder(owner));
  const answer = await vayu.get<Scorecard>('/api/carrier/scorecard');
  const demo = answer.shippers.find((s) => s.shipper === 'Demo Industries');
  expect(demo?.emissionsIntensity).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'carrier@demo.test');
  await openMenu(page, 'Performance');
  await expect(page).toHaveURL(/#\/carrier\/performance$/);
  // The pointer off the menu: the active link under a resting pointer is in its hover colour (4.04:1).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('heading', { name: 'Performance', level: 1 })).toBeVisible();
  const scores = page.getByRole('table', { name: 'Scorecard by shipper' });
  const row = scores.getByRole('row').filter({ hasText: 'Demo Industries' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${demo?.emissionsIntensity?.toLocaleString('en-IN', { minimumFractionDigits: 1 })} g/tkm`);
  await expect(scores.getByRole('columnheader', { name: 'On-time delivery' })).toBeVisible();
  const months = page.getByRole('table', { name: 'Emissions by month' });
  const month = months.getByRole('row').filter({ hasText: thisMonth() });
  await expect(month).toHaveCount(1);
  await expect(month).toContainText(/\d+\.\d{3} t/);
  await expect(page.getByText('Well-to-wheel CO2e, ISO 14083 / GLEC v3, stored when each trip ended')).toBeVisible();
  await expectAccessible(page, 'the carrier’s performance');
  await page.screenshot({ path: testInfo.outputPath('carrier-performance-desktop.png'), fullPage: true });

  // A range without loads: the empty states.
  await page.goto('/#/carrier/performance?from=2025-01-01&to=2025-01-31');
  await expect(page.getByText('No orders or indent offers with pickups in this range.')).toBeVisible();
  await expect(page.getByText(/No finished loads in this range yet/)).toBeVisible();
  await expectAccessible(page, 'the carrier’s performance with nothing in the range');

  // On a phone: cards, no table.
  await page.setViewportSize(PHONE);
  await page.goto('/#/carrier/performance');
  await expect(page.getByRole('article', { name: 'Scorecard with Demo Industries' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Emissions of ${thisMonth()}` })).toContainText('g/tkm');
  await expect(page.getByRole('table')).toHaveCount(0);
  await phoneChecks(page, testInfo, 'performance');
});
