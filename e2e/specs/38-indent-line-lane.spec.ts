import { expect, type Locator, type Page, test } from '@playwright/test';
import { login } from './helpers.ts';
import { indiaDay } from './indent-steps.ts';
import { apiUser, demoIds } from './shipper-api.ts';

/**
 * Issue 38: an indent line's weight follows its lane. Two lanes are contracted to Vayu (10 t and
 * 22 t a trip); the owner picks the 10 t lane, adds another indent and picks the 22 t lane there:
 * the new line reads 22 t, not the 10 t of the line it was copied from.
 */
const stamp = Date.now();
const LIGHT = `Lonand light DC ${stamp}`;
const HEAVY = `Phaltan heavy DC ${stamp}`;

async function pickLane(page: Page, scope: Page | Locator, place: string) {
  await expect(async () => {
    const lane = scope.getByRole('combobox', { name: 'Lane' });
    await lane.fill(place);
    await page.getByRole('option', { name: new RegExp(`→ ${place}`) }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('a copied indent line takes the weight of the lane picked on it', async ({ page, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const stop = (name: string) =>
    owner.post<{ id: number }>('/api/stops', {
      name,
      type: 'drop',
      address: 'MIDC',
      city: 'Satara',
      state: 'Maharashtra',
      pincode: '415004',
      latitude: 17.9,
      longitude: 74.1,
    });
  const [light, heavy] = [await stop(LIGHT), await stop(HEAVY)];
  const lane = (destination: number, weightTonnes: number) => ({
    origin: { kind: 'plant', id: ids.plantId },
    destination: { kind: 'stop', id: destination },
    vehicleTypeId: ids.vehicleTypeId,
    tripsPerMonth: 10,
    weightTonnes,
  });
  const rfq = await owner.post<{ id: number; laneList: { id: number }[] }>('/api/rfqs', {
    title: 'Satara weights',
    plantId: ids.plantId,
    periodFrom: indiaDay(0),
    periodTo: indiaDay(365),
    lanes: [lane(light.id, 10), lane(heavy.id, 22)],
    carrierLinkIds: [ids.vayuLink],
  });
  const laneIds = rfq.laneList.map((l) => l.id);
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: new Date(Date.now() + 3_600_000).toISOString() });
  await vayu.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: laneIds.map((laneId) => ({ laneId, amountRupees: 30_000 })) }, 200);
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);
  await owner.post(
    `/api/rfqs/${rfq.id}/award`,
    { lanes: laneIds.map((laneId) => ({ laneId, splits: [{ carrierLinkId: ids.vayuLink, sharePct: 100 }] })) },
    200,
  );

  await login(page, 'owner@demo.test');
  await page.goto('/#/indent');
  await page.getByRole('link', { name: 'New indent' }).click();
  await pickLane(page, page, LIGHT);
  await expect(page.getByRole('textbox', { name: 'Weight (t)' })).toHaveValue('10');
  await page.getByRole('button', { name: 'Add another indent' }).click();
  const second = page.getByRole('group', { name: 'Indent 2' });
  await pickLane(page, second, HEAVY);
  await expect(second.getByRole('textbox', { name: 'Weight (t)' })).toHaveValue('22');
  await expect(page.getByRole('group', { name: 'Indent 1' }).getByRole('textbox', { name: 'Weight (t)' })).toHaveValue('10');
});
