import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { dayButton, login } from './helpers.ts';
import { apiUser, demoIds } from './shipper-api.ts';

/** The steps of spec 25 (indents): the contracted lane set up through the API, and what users click. */

export const DEPOT = 'E2E Indent Depot';
export const BACKUP = { name: 'E2E Indent Haulers', email: 'e2e-indent-haulers@carrier.test', password: 'Haulers@2026' };
/** The two carriers' contract rates on the lane: Vayu 60%, the backup 40%. */
export const RATES = { vayu: 40_000, backup: 38_000 };

/** India-time day `days` from now (YYYY-MM-DD). */
export const indiaDay = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A lane from Pune Chakan Plant to a new location, contracted 60% to Vayu Roadlines (₹40,000) and
 * 40% to a carrier the shipper adds now (₹38,000), whose user sets its password from the
 * invitation mail: an RFQ of one lane, quoted by both, the round closed early, awarded split.
 */
export async function setUpSplitLane(request: APIRequestContext) {
  const owner = await apiUser(request, 'owner@demo.test');
  const admin = await apiUser(request, 'admin@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: DEPOT,
    type: 'drop',
    address: 'Plot 25, Ranjangaon MIDC',
    city: 'Shirur',
    state: 'Maharashtra',
    pincode: '412220',
    latitude: 18.75,
    longitude: 74.25,
  });
  const backup = await owner.post<{ id: number }>('/api/carriers', {
    name: BACKUP.name,
    contactName: 'Dispatch desk',
    mobile: '9765400251',
    email: BACKUP.email,
  });
  // Without SMTP the invitation waits in the outbox, which the platform admin reads.
  const [mail] = await admin.get<{ text: string }[]>(`/api/admin/outbox?search=${encodeURIComponent(BACKUP.email)}`);
  const token = /#\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeTruthy();
  await admin.post('/api/auth/reset-password', { token, password: BACKUP.password, passwordConfirmation: BACKUP.password }, 200);

  const rfq = await owner.post<{ id: number; laneList: { id: number }[] }>('/api/rfqs', {
    title: 'E2E indent lane',
    plantId: ids.plantId,
    periodFrom: indiaDay(0),
    periodTo: indiaDay(365),
    lanes: [
      {
        origin: { kind: 'plant', id: ids.plantId },
        destination: { kind: 'stop', id: stop.id },
        vehicleTypeId: ids.vehicleTypeId,
        tripsPerMonth: 30,
        weightTonnes: 20,
      },
    ],
    carrierLinkIds: [ids.vayuLink, backup.id],
  });
  const laneId = rfq.laneList[0]?.id ?? 0;
  await owner.post(`/api/rfqs/${rfq.id}/rounds`, { endsAt: new Date(Date.now() + 3_600_000).toISOString() });
  const vayu = await apiUser(request, 'carrier@demo.test');
  const haulers = await apiUser(request, BACKUP.email, BACKUP.password);
  await vayu.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: [{ laneId, amountRupees: RATES.vayu }] }, 200);
  await haulers.post(`/api/carrier/rfqs/${rfq.id}/quotes`, { quotes: [{ laneId, amountRupees: RATES.backup }] }, 200);
  await owner.post(`/api/rfqs/${rfq.id}/rounds/close`, {}, 200);
  const splits = [
    { carrierLinkId: ids.vayuLink, sharePct: 60 },
    { carrierLinkId: backup.id, sharePct: 40 },
  ];
  await owner.post(`/api/rfqs/${rfq.id}/award`, { lanes: [{ laneId, splits }] }, 200);
}

/** A user in a browser context of its own (a carrier at its desk beside the shipper). */
export async function userPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, email, password);
  return page;
}

/** Chooses tomorrow (India time), 12:00, in the product's date-time picker. */
async function pickTomorrow(page: Page, label: string) {
  const [today, tomorrow] = [indiaDay(0), indiaDay(1)];
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) {
    await dropdown.getByRole('button', { name: /next/i }).or(dropdown.locator('button[data-direction="next"]')).first().click();
  }
  await dayButton(dropdown, tomorrow).click();
  await dropdown.locator('button').last().click();
}

/**
 * The shipper places an indent of 2 vehicles on the depot's lane (found by typing), reporting
 * tomorrow, the primary by contract share; answers its number once the indent's page is open.
 */
export async function placeIndent(page: Page): Promise<string> {
  await page.goto('/#/indent');
  await page.getByRole('link', { name: 'New indent' }).click();
  await expect(async () => {
    const lane = page.getByRole('combobox', { name: 'Lane' });
    await lane.fill(DEPOT);
    await page.getByRole('option', { name: new RegExp(`→ ${DEPOT}`) }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Vayu Roadlines: 60% share, ₹40,000.00 per trip')).toBeVisible();
  await expect(page.getByText(`${BACKUP.name}: 40% share, ₹38,000.00 per trip`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Primary carrier' })).toHaveValue('By contract share (automatic)');
  await page.getByRole('textbox', { name: 'Number of vehicles' }).fill('2');
  await pickTomorrow(page, 'Reporting date and time');
  await page.getByRole('button', { name: 'Place indent' }).click();
  await expect(page).toHaveURL(/#\/indent\/detail\/\d+$/);
  const heading = page.getByRole('heading', { name: /^Indent IND-/ });
  await expect(heading).toBeVisible();
  return ((await heading.textContent()) ?? '').replace('Indent ', '').trim();
}

/** A carrier opens Indents → To answer, finds the indent by its number, and opens the answer dialog. */
export async function openAnswer(page: Page, number: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Indents', exact: true }).click();
  await expect(page.getByRole('tab', { name: /To answer/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: 'Indent number, shipper or lane' }).fill(number);
  const row = page.getByRole('table', { name: 'Indents to answer' }).getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(DEPOT);
  await row.getByRole('button', { name: `Answer ${number}` }).click();
  return page.getByRole('dialog', { name: `Indent ${number}` });
}

/** The shipper's waterfall: the row of one carrier. */
export const turnRow = (page: Page, carrier: string) =>
  page.getByRole('table', { name: 'Carriers asked' }).getByRole('row').filter({ hasText: carrier });
