import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 38: the carrier quotes under the RFQ's remarks, shown on its quote page; the owner
 * exports the comparison from the Compare tab (the API's compare export, through the app's
 * Export menu).
 */
const TERMS = 'Rates per trip, inclusive of tolls; GST extra.';

test("the carrier reads the RFQ's terms; the owner exports the comparison", async ({ page, browser, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: `Satara RFQ DC ${Date.now()}`,
    type: 'drop',
    address: 'Satara MIDC',
    city: 'Satara',
    state: 'Maharashtra',
    pincode: '415004',
    latitude: 17.68,
    longitude: 74.0,
  });
  const rfq = await owner.post<{ id: number; number: string; laneList: { id: number }[] }>('/api/rfqs', {
    title: 'Satara lanes 2027',
    plantId: ids.plantId,
    periodFrom: '2027-04-01',
    periodTo: '2028-03-31',
    lanes: [
      {
        origin: { kind: 'plant', id: ids.plantId },
        destination: { kind: 'stop', id: stop.id },
        vehicleTypeId: ids.vehicleTypeId,
        tripsPerMonth: 20,
        benchmarkRupees: 30_000,
      },
    ],
    carrierLinkIds: [ids.vayuLink],
    remarks: TERMS,
  });
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: hoursFromNow(2) });

  // Vayu's quote page shows the terms it quotes under.
  const carrier = await (await browser.newContext()).newPage();
  await login(carrier, 'carrier@demo.test');
  await carrier.goto(`/#/carrier/rfqs/${rfq.id}`);
  await expect(carrier.getByText(TERMS)).toBeVisible();
  await carrier.close();
  await vayu.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: [{ laneId: rfq.laneList[0]?.id, amountRupees: 28_800 }] }, 200);

  // The owner's Compare tab exports the comparison as CSV.
  await login(page, 'owner@demo.test');
  await page.goto(`/#/rfp/detail/${rfq.id}/compare`);
  await expect(page.getByText('Saving: 4.0%')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${rfq.number}-comparison.*\\.csv$`));
  const sheet = await readFile((await download.path()) ?? '', 'utf8');
  expect(sheet).toContain('Saving vs benchmark (%)');
  expect(sheet).toMatch(/Vayu Roadlines/);
});
