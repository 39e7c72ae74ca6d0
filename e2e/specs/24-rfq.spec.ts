import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { choose, chooseMany, login, openPage, pickNextMonthDay } from './helpers.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 11's RFQ journey: the owner types a 2-lane RFQ (a missing destination is named first),
 * opens round 1; Vayu quotes both lanes in its portal; the round is closed early through the API;
 * the owner compares, awards lane 1 wholly to Vayu, the contract shows on both sides, and the owner ends it with a reason.
 */

/** Chooses an option of a picker inside one part of the form (a lane), retrying while options load. */
async function chooseIn(page: Page, scope: Locator, label: string, option: string | RegExp | null) {
  await expect(async () => {
    const box = scope.getByRole('combobox', { name: label });
    await box.click({ force: true });
    // The picker searches on the server: other specs' records may fill its first page.
    if (typeof option === 'string') {
      await box.fill(option);
    }
    const options = option === null ? page.getByRole('option').first() : page.getByRole('option', { name: option });
    await options.first().click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function carrierPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, email);
  return page;
}

test('an RFQ from the form to a contract on both sides', async ({ page, browser, request }) => {
  test.setTimeout(4 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const stopName = `Nashik RFQ DC ${Date.now()}`;
  await owner.post('/api/stops', {
    name: stopName,
    type: 'drop',
    address: 'Ambad MIDC',
    city: 'Nashik',
    state: 'Maharashtra',
    pincode: '422010',
    latitude: 19.95,
    longitude: 73.73,
  });

  // The owner types the RFQ; lane 1 has no destination at first.
  await login(page, 'owner@demo.test');
  await openPage(page, '/#/rfp');
  await page.getByRole('link', { name: 'New RFQ' }).click();
  await choose(page, 'Plant', /Pune Chakan/);
  await page.getByRole('textbox', { name: 'Title' }).fill('West lanes 2027');
  const lane1 = page.getByRole('group', { name: 'Lane 1' });
  await chooseIn(page, lane1, 'Origin', /Pune Chakan/);
  await chooseIn(page, lane1, 'Vehicle type', null);
  await lane1.getByRole('textbox', { name: 'Trips per month' }).fill('40');
  await lane1.getByRole('textbox', { name: /Benchmark/ }).fill('45000');
  await expect(lane1.getByRole('textbox', { name: /Benchmark/ })).toHaveValue('45,000');
  await page.getByRole('button', { name: 'Add lane' }).click();
  const lane2 = page.getByRole('group', { name: 'Lane 2' });
  await chooseIn(page, lane2, 'Origin', /Pune Chakan/);
  await chooseIn(page, lane2, 'Destination', stopName);
  await chooseIn(page, lane2, 'Vehicle type', null);
  await lane2.getByRole('textbox', { name: 'Trips per month' }).fill('12');
  await chooseMany(page, 'Invite carriers', 'Vayu Roadlines');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(lane1.getByText('Destination is required')).toBeVisible();
  await expect(page).toHaveURL(/#\/rfp\/new$/);

  await chooseIn(page, lane1, 'Destination', stopName);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/#\/rfp\/detail\/\d+$/);
  const rfqId = Number(/detail\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: stopName })).toHaveCount(2);

  // Round 1 to every lane and the invited carrier.
  await page.getByRole('tab', { name: 'Rounds' }).click();
  await pickNextMonthDay(page, 'Quotes close', 15);
  await page.getByRole('button', { name: 'Open round 1' }).click();
  await expect(page.getByText('Quoting', { exact: true })).toBeVisible();
  await expect(page.getByText('Round 1', { exact: true })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('RFQ ', '') ?? '';
  expect(number).toMatch(/^RFQ-/);

  // Vayu quotes both lanes in its portal.
  const vayu = await carrierPage(browser, 'carrier@demo.test');
  await vayu.goto('/#/carrier/rfqs');
  await vayu.getByRole('link', { name: number }).click();
  await expect(vayu.getByText(/Quotes close \d{2} [A-Z][a-z]{2} \d{4}, 12:00 pm IST/)).toBeVisible();
  await vayu.getByRole('textbox', { name: /Lane 1 rate per trip/ }).fill('42000');
  await vayu.getByRole('textbox', { name: /Lane 2 rate per trip/ }).fill('51500');
  await vayu.getByRole('button', { name: 'Submit quotes' }).click();
  await expect(vayu.getByRole('group', { name: 'Lane 1' }).getByText('Your latest quote: ₹42,000.00 (round 1)')).toBeVisible();
  await expect(vayu.getByRole('group', { name: 'Lane 2' }).getByText('Your latest quote: ₹51,500.00 (round 1)')).toBeVisible();

  // The round closes early (there is no waiting for its end time); a late quote is refused clearly.
  await owner.post(`/api/rfqs/${rfqId}/rounds/close`, {}, 200);
  await vayu.getByRole('textbox', { name: /Lane 1 rate per trip/ }).fill('41000');
  await vayu.getByRole('button', { name: 'Submit quotes' }).click();
  await expect(vayu.getByRole('alert').filter({ hasText: 'Quoting is closed' })).toBeVisible();

  // The owner compares: L1 per lane, saving against the benchmark, the matrix.
  await page.reload();
  await expect(page.getByText('Quotes closed', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Compare' }).click();
  const compare1 = page.locator('[data-lane="1"]');
  await expect(compare1.getByText('Vayu Roadlines: ₹42,000.00 (round 1)')).toBeVisible();
  await expect(compare1.getByText('Saving: 6.7%')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lane × carrier' }).getByRole('cell', { name: '₹51,500.00 (L1)' })).toBeVisible();

  // Award lane 1 wholly to Vayu; lane 2 is left for later.
  await page.getByRole('tab', { name: 'Award' }).click();
  const award1 = page.getByRole('group', { name: 'Award lane 1' });
  await expect(award1.getByRole('textbox', { name: 'Lane 1 share of Vayu Roadlines (%)' })).toHaveValue('100');
  const share2 = page.getByRole('textbox', { name: 'Lane 2 share of Vayu Roadlines (%)' });
  await share2.fill('60');
  await expect(page.getByRole('group', { name: 'Award lane 2' }).getByText('Shares must add up to 100% (now 60%)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Award 2 lanes' })).toBeDisabled();
  await share2.fill('');
  await expect(award1.getByText('Total 100%')).toBeVisible();
  await page.getByRole('button', { name: 'Award 1 lane' }).click();
  const made = page.getByRole('alert').filter({ hasText: 'Awarded: contracts made' });
  await expect(made).toContainText('Vayu Roadlines: 1 lane');
  const contract = (await made.getByRole('link').textContent()) ?? '';
  expect(contract).toMatch(/^CT-/);

  // The contract on the shipper's side …
  await page.goto('/#/contract');
  await page.getByRole('link', { name: contract }).click();
  await expect(page.getByRole('heading', { name: `Contract ${contract}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: '100%' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '₹42,000.00', exact: true })).toBeVisible();

  // … and in Vayu's portal.
  await vayu.goto('/#/carrier/contracts');
  await vayu.getByRole('link', { name: contract }).click();
  await expect(vayu.getByRole('heading', { name: `Contract ${contract}` })).toBeVisible();
  await expect(vayu.getByRole('cell', { name: '₹42,000.00', exact: true })).toBeVisible();
  await expect(vayu.getByText(`${number} award`)).toBeVisible();

  // The owner ends the contract: a reason first, then the confirm dialog.
  await page.getByRole('button', { name: 'Terminate' }).click();
  const dialog = page.getByRole('dialog', { name: `Terminate ${contract}` });
  await dialog.getByRole('button', { name: 'Terminate' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Lane moved to rail');
  await dialog.getByRole('button', { name: 'Terminate' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Terminate' }).click();
  await expect(page.getByText(/: Lane moved to rail$/)).toBeVisible();
  await expect(page.getByText('Terminated', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Terminate' })).toHaveCount(0);
});
