import { type Browser, expect, type Page, test } from '@playwright/test';
import { chooseMany, login, pickNextMonthDay } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/**
 * Issue 11's rounds and split award: round 1 is quoted by both carriers (set up through the API);
 * the owner opens round 2 on one lane for one carrier with ranks shown; the second carrier sees its rank,
 * undercuts, and the owner awards the lane 60/40 to it and Vayu: two contracts.
 */
async function carrierPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, email, password);
  return page;
}

const SECOND = { name: 'Godavari Round Two Carriers', email: 'e2e-round-two@carrier.test', password: 'Godavari@2026' };

test('round 2 on one lane for one carrier with ranks, then a 60/40 award into two contracts', async ({ page, browser, request }) => {
  test.setTimeout(4 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const admin = await apiUser(request, 'admin@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  // A second carrier the owner adds; its invitation waits in the outbox (no SMTP), read by the admin.
  const added = await owner.post<{ id: number }>('/api/carriers', {
    name: SECOND.name,
    contactName: 'Dispatch desk',
    mobile: '9765400291',
    email: SECOND.email,
  });
  const sahyadriLink = added.id;
  const [mail] = await admin.get<{ text: string }[]>(`/api/admin/outbox?search=${encodeURIComponent(SECOND.email)}`);
  const token = /#\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  await admin.post('/api/auth/reset-password', { token, password: SECOND.password, passwordConfirmation: SECOND.password }, 200);
  const sahyadri = await apiUser(request, SECOND.email, SECOND.password);
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: `Aurangabad RFQ DC ${Date.now()}`,
    type: 'drop',
    address: 'Waluj MIDC',
    city: 'Aurangabad',
    state: 'Maharashtra',
    pincode: '431136',
    latitude: 19.85,
    longitude: 75.23,
  });
  const lane = (destination: number, trips: number) => ({
    origin: { kind: 'plant', id: ids.plantId },
    destination: { kind: 'stop', id: destination },
    vehicleTypeId: ids.vehicleTypeId,
    tripsPerMonth: trips,
  });
  const rfq = await owner.post<{ id: number; number: string }>('/api/rfqs', {
    title: 'Marathwada lanes 2027',
    plantId: ids.plantId,
    periodFrom: '2027-04-01',
    periodTo: '2028-03-31',
    lanes: [lane(stop.id, 30), lane(stop.id, 8)],
    carrierLinkIds: [ids.vayuLink, sahyadriLink],
  });
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: hoursFromNow(2) });
  const detail = await owner.get<{ number: string; laneList: { id: number }[] }>(`/api/rfqs/${rfq.id}`);
  const [lane1, lane2] = detail.laneList.map((l) => l.id);
  await vayu.post(
    `/api/carrier/rfqs/${rfq.id}/quotes`,
    {
      quotes: [
        { laneId: lane1, amountRupees: 38_000 },
        { laneId: lane2, amountRupees: 39_000 },
      ],
    },
    200,
  );
  await sahyadri.post(
    `/api/carrier/rfqs/${rfq.id}/quotes`,
    {
      quotes: [
        { laneId: lane1, amountRupees: 39_500 },
        { laneId: lane2, amountRupees: 40_000 },
      ],
    },
    200,
  );
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);

  // Round 2: lane 1 only, the second carrier only, each carrier shown its rank.
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, 'owner@demo.test');
  await page.goto(`/#/rfp/detail/${rfq.id}`);
  await page.getByRole('tab', { name: 'Rounds' }).click();
  await pickNextMonthDay(page, 'Quotes close', 16);
  await chooseMany(page, 'Lanes (none chosen: every lane)', /^1\. /);
  await chooseMany(page, 'Carriers (none chosen: every invited carrier)', SECOND.name);
  await page.getByRole('checkbox', { name: 'Show each carrier its rank per lane' }).check();
  await page.getByRole('button', { name: 'Open round 2' }).click();
  await expect(page.getByText('Round 2', { exact: true })).toBeVisible();
  const second = page
    .getByRole('table', { name: 'Rounds' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '2', exact: true }) });
  await expect(second).toContainText('1 of 2');
  await expect(second).toContainText(SECOND.name);
  await expect(second.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

  // The second carrier sees the round shows ranks, undercuts on lane 1 and is told it now leads.
  const portal = await carrierPage(browser, SECOND.email, SECOND.password);
  await portal.goto('/#/carrier/rfqs');
  await portal.getByRole('link', { name: detail.number }).click();
  await expect(portal.getByText('This round shows your rank on each lane you quote.')).toBeVisible();
  await portal.getByRole('textbox', { name: /Lane 1 rate per trip/ }).fill('37500');
  await portal.getByRole('button', { name: 'Submit quotes' }).click();
  await expect(
    portal.getByRole('group', { name: 'Lane 1' }).getByText('Your latest quote: ₹37,500.00 (round 2) · your rank L1'),
  ).toBeVisible();
  // Vayu was not asked in round 2: its round-1 quote stands and it cannot quote now.
  const other = await request.post(`/api/carrier/rfqs/${rfq.id}/quotes`, {
    headers: {
      authorization: `Bearer ${(await (await request.post('/api/auth/login', { data: { login: 'carrier@demo.test', password: 'Demo@12345' } })).json()).data.token}`,
    },
    data: { quotes: [{ laneId: lane1, amountRupees: 36_000 }] },
  });
  expect(other.status()).toBeGreaterThanOrEqual(400);
  expect(other.status()).toBeLessThan(500);
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);

  // The owner compares (round 2's quote is L1) and splits lane 1 60/40; lane 2 goes wholly to Vayu.
  await page.reload();
  await page.getByRole('tab', { name: 'Compare' }).click();
  await expect(page.locator('[data-lane="1"]').getByText(`${SECOND.name}: ₹37,500.00 (round 2)`)).toBeVisible();
  await page.getByRole('tab', { name: 'Award' }).click();
  const award1 = page.getByRole('group', { name: 'Award lane 1' });
  await award1.getByRole('textbox', { name: `Lane 1 share of ${SECOND.name} (%)` }).fill('60');
  await award1.getByRole('textbox', { name: 'Lane 1 share of Vayu Roadlines (%)' }).fill('40');
  await expect(award1.getByText('Total 100%')).toBeVisible();
  const award2 = page.getByRole('group', { name: 'Award lane 2' });
  await award2.getByRole('textbox', { name: 'Lane 2 share of Vayu Roadlines (%)' }).fill('100');
  await award2.getByRole('textbox', { name: `Lane 2 share of ${SECOND.name} (%)` }).fill('');
  await page.getByRole('button', { name: 'Award 2 lanes' }).click();
  const made = page.getByRole('alert').filter({ hasText: 'Awarded: contracts made' });
  await expect(made).toContainText(`${SECOND.name}: 1 lane`);
  await expect(made).toContainText('Vayu Roadlines: 2 lanes');
  await expect(made.getByRole('link')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('award.png'), fullPage: true });

  // Its contract carries its 60% at its round-2 rate.
  const theirs = (await made.getByRole('listitem').filter({ hasText: SECOND.name }).getByRole('link').textContent()) ?? '';
  expect(theirs).toMatch(/^CT-/);
  await portal.goto('/#/carrier/contracts');
  await portal.getByRole('link', { name: theirs }).click();
  await expect(portal.getByRole('heading', { name: `Contract ${theirs}` })).toBeVisible();
  await expect(portal.getByRole('cell', { name: '60%' })).toBeVisible();
  await expect(portal.getByRole('cell', { name: '₹37,500.00', exact: true })).toBeVisible();
});
