import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { login, logout } from './helpers.ts';
import { type Emissions, emissionsOrder, finishTrip } from './emission-load.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 37: a load's well-to-wheel CO2e. A full 21 t load from the Pune plant to a Delhi yard on a
 * 10-wheeler: the order page shows the estimate with its method, factors and the rail alternative
 * (the lane lies on the Pune – Delhi corridor); once the trip has ended the figure is final, the
 * carrier sees it too, and the emissions report sums it by lane. Each screen passes axe.
 */

test('an order shows its emissions, final once arrived, and the emissions report sums them', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const order = await emissionsOrder(owner);
  const estimate = await owner.get<Emissions>(`/api/emissions/orders/${order.id}`);
  expect(estimate.basis).toBe('estimate');
  expect(estimate.byRail).not.toBeNull();

  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto(`/#/order/outbound/${order.id}`);
  const card = page.getByRole('group', { name: 'Emissions' });
  await expect(card).toContainText(`${Math.round(estimate.figure?.wtwKg ?? 0).toLocaleString('en-IN')} kg CO2e`);
  await expect(card).toContainText('Estimate');
  await expect(card).toContainText('ISO 14083');
  await expect(card).toContainText('What if by rail');
  await card.getByText(/^Factors: IN-DEFAULT-2026/).click();
  await expect(card.getByRole('cell', { name: 'fuel.diesel.ttw' })).toBeVisible();
  await expectAccessible(page, 'the order with its emissions');

  // The trip: reported, in, loaded, out, arrived; the figure is then kept by the job.
  await finishTrip({ owner, vayu }, order);
  const final = await vayu.get<Emissions>(`/api/emissions/orders/${order.id}`);
  expect(final.figure?.factorVersion.label).toBe('IN-DEFAULT-2026');
  await page.reload();
  await expect(card).toContainText('Final');

  // Summed by lane on the emissions report.
  await page.goto('/#/my-reports?report=emissions&groupBy=lane');
  const table = page.getByRole('table', { name: 'Emissions (ISO 14083)' });
  await expect(table.getByRole('columnheader', { name: 'g CO2e per tonne-km' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Totals' })).toBeVisible();
  // The lane as reports name it: the plant to the drop-off's city.
  await expect(table.getByRole('row').filter({ hasText: 'Pune Chakan Plant → New Delhi' })).toHaveCount(1);
  await expectAccessible(page, 'the emissions report');

  // And on a phone.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/#/order/outbound/${order.id}`);
  await expect(card).toContainText('Final');
  await expectAccessible(page, 'the order with its emissions at 360 px');
});

/** A day in India `days` from today (YYYY-MM-DD). */
const indiaDay = (days: number) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

test('the admin reads the default factors; the owner adds a dated version of the company’s own, refused when backdated', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'admin@demo.test');
  await page.goto('/#/admin/emission-factors');
  const versions = page.getByRole('table', { name: 'Emission factor versions' });
  await expect(versions.getByRole('row').filter({ hasText: 'IN-DEFAULT-2026' })).toHaveCount(1);
  await expectAccessible(page, 'the default emission factors');

  await logout(page);
  await login(page, 'owner@demo.test');
  await page.goto('/#/settings/emission-factors');
  await page.getByRole('button', { name: 'Add a factor version' }).click();
  const form = page.getByRole('form', { name: 'New factor version' });
  const label = `Own factors ${Date.now().toString().slice(-6)}`;
  await form.getByRole('textbox', { name: 'Label' }).fill(label);
  await form.getByRole('textbox', { name: 'Valid from (YYYY-MM-DD)' }).fill(indiaDay(-1));
  await form.getByRole('button', { name: 'Add version' }).click();
  await expect(form.getByText('A factor version starts today or later')).toBeVisible();
  await expectAccessible(page, 'the new factor version form with its refusal');
  await form.getByRole('textbox', { name: 'Valid from (YYYY-MM-DD)' }).fill(indiaDay(1));
  await form.getByRole('button', { name: 'Add version' }).click();
  await expect(versions.getByRole('row').filter({ hasText: label })).toHaveCount(1);
});
