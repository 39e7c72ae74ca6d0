import { expect, test } from '@playwright/test';
import { chooseMany, login, PASSWORD } from './helpers.ts';
import { BACKUP, DEPOT, indiaDay, openAnswer, placeIndent, setUpSplitLane, turnRow, userPage } from './indent-steps.ts';
import { apiUser } from './shipper-api.ts';

/**
 * Issue 11's indents, as the users click them, on a lane contracted 60/40 to Vayu Roadlines and
 * a second carrier (set up through the API; spec 24 covers the RFQ pages):
 * 1. an indent of 2 vehicles goes to Vayu (behind its share), which rejects it with a reason; it
 *    passes to the backup, the shipper stops waiting for it ("Pass on to next carrier"), and the
 *    spot indent is raised as a transport request prefilled from it;
 * 2. another indent: Vayu accepts 1 of 2, the backup the other; two orders at each carrier's
 *    contract rate, each an ordinary order.
 */

test('indents on a split lane: rejected, passed on, raised as spot; then shared by both carriers', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await setUpSplitLane(request);
  const [, vayu, backup] = await Promise.all([
    login(page, 'owner@demo.test'),
    userPage(browser, 'carrier@demo.test'),
    userPage(browser, BACKUP.email, BACKUP.password),
  ]);

  // Indent 1: placed from the form; Vayu (60%, nothing taken this month) is asked first, the backup is next in line.
  const first = await placeIndent(page);
  const firstUrl = page.url();
  await expect(page.getByText(/^Vayu Roadlines, answer by /)).toBeVisible();
  await expect(turnRow(page, 'Vayu Roadlines')).toContainText('Asked, waiting');
  await expect(turnRow(page, BACKUP.name)).toContainText('Next in line');

  // Vayu finds it under Indents → To answer and rejects it; a reason is needed.
  let dialog = await openAnswer(vayu, first);
  await dialog.getByText('Reject', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Reject indent' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('No vehicle free that day');
  await dialog.getByRole('button', { name: 'Reject indent' }).click();
  await expect(vayu.getByRole('alert').filter({ hasText: `Indent ${first} rejected. The shipper is told.` })).toBeVisible();
  await expect(vayu.getByRole('table', { name: 'Indents to answer' }).getByRole('row').filter({ hasText: first })).toHaveCount(0);

  // The shipper's page follows without a reload: rejected with the reason, the backup asked now.
  await expect(turnRow(page, 'Vayu Roadlines')).toContainText('Rejected');
  await expect(turnRow(page, 'Vayu Roadlines')).toContainText('No vehicle free that day');
  await expect(turnRow(page, BACKUP.name)).toContainText('Asked, waiting');
  await expect(page.getByText(new RegExp(`^${BACKUP.name}, answer by `))).toBeVisible();

  // Nobody waits out the backup's deadline (the API tests cover the deadline job): the shipper passes it on.
  await page.getByRole('button', { name: 'Pass on to next carrier' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(`Stop waiting for ${BACKUP.name} on indent ${first}?`);
  await confirm.getByRole('button', { name: 'Pass on', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Passed on: nobody is left to ask, so 2 vehicles wait as a spot indent.' }),
  ).toBeVisible();
  await expect(turnRow(page, BACKUP.name)).toContainText(/Passed on by .+ before the deadline/);
  await expect(page.getByText('Spot indent', { exact: true })).toBeVisible();
  await expect(page.getByText('Spot indent: 2 vehicles still needed')).toBeVisible();

  // The spot request: the form filled from the indent, published as an open auction.
  await page.getByRole('link', { name: 'Raise spot request' }).click();
  await expect(page).toHaveURL(/#\/request\/outbound\/new\/spot-indent\/\d+$/);
  await expect(page.getByRole('heading', { name: 'New outbound request from a spot indent' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: `From spot indent ${first}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Remarks' })).toHaveValue(`Spot indent ${first}`);
  await expect(page.getByRole('combobox', { name: 'Plant' })).toHaveValue('Pune Chakan Plant');
  await expect(page.getByRole('textbox', { name: 'Number of vehicles' })).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Pickup Date' })).toHaveText(`${indiaDay(1)} 12:00`);
  await page.getByRole('checkbox', { name: 'Start bidding now' }).check();
  await page.getByRole('textbox', { name: 'Bidding runs for (minutes)' }).fill('60');
  await chooseMany(page, 'Invite carriers', 'Vayu Roadlines');
  await page.getByRole('button', { name: 'Publish request' }).click();
  await expect(page).toHaveURL(/#\/request\/outbound\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Request OB-/ })).toBeVisible();
  await page.goto(firstUrl);
  await expect(page.getByText('Raised as a spot request')).toBeVisible();
  await expect(page.getByRole('link', { name: 'open it' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Raise spot request' })).toHaveCount(0);

  // Indent 2: Vayu takes 1 of the 2 vehicles at its contract rate …
  const second = await placeIndent(page);
  await expect(page.getByText(/^Vayu Roadlines, answer by /)).toBeVisible();
  dialog = await openAnswer(vayu, second);
  await expect(dialog.getByRole('textbox', { name: 'Vehicles you accept' })).toHaveValue('2');
  await dialog.getByRole('textbox', { name: 'Vehicles you accept' }).fill('1');
  await expect(dialog.getByText('1 order will be created at ₹40,000.00 each')).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(dialog.getByText(`You accepted 1 vehicle on indent ${second}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Later' }).click();

  // … the other goes to the backup, which takes it at its own.
  dialog = await openAnswer(backup, second);
  await expect(dialog.getByText(/asks for 1 vehicle/)).toBeVisible();
  await expect(dialog.getByText('1 order will be created at ₹38,000.00 each')).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(dialog.getByText(`You accepted 1 vehicle on indent ${second}.`)).toBeVisible();

  // The shipper: accepted 2/2, two orders at the two contract rates, each an ordinary order.
  await expect(page.getByText('2 / 2 accepted')).toBeVisible();
  await page.getByRole('tab', { name: 'Orders (2)' }).click();
  // The indent's status (the carriers' turns, also "Accepted", are on the other tab).
  await expect(page.getByText('Accepted', { exact: true }).filter({ visible: true })).toHaveCount(1);
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('row')).toHaveCount(3);
  const vayuOrder = orders.getByRole('row').filter({ hasText: 'Vayu Roadlines' });
  await expect(vayuOrder).toContainText('₹40,000.00');
  await expect(orders.getByRole('row').filter({ hasText: BACKUP.name })).toContainText('₹38,000.00');
  const orderNumber = (await vayuOrder.getByRole('link').first().textContent()) ?? '';
  await vayuOrder.getByRole('link', { name: orderNumber }).click();
  await expect(page).toHaveURL(/#\/order\/outbound\/\d+$/);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(DEPOT).first()).toBeVisible();
});

/**
 * The indent edit saves through useEditForm (issue 32): a colleague's save in between is caught
 * with the stale alert and nothing is saved over it; Reload brings theirs, and the next save goes
 * through. The indent is cancelled afterwards, so no later journey finds it open.
 */
test('an indent edited by two people: the second save is caught, Reload shows theirs', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const depots = await owner.get<{ name: string }[]>(`/api/stops?search=${encodeURIComponent(DEPOT)}`);
  if (!depots.some((s) => s.name === DEPOT)) {
    await setUpSplitLane(request);
  }
  await login(page, 'owner@demo.test');
  const number = await placeIndent(page);
  const id = Number(/#\/indent\/detail\/(\d+)$/.exec(page.url())?.[1]);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('menuitem', { name: 'This indent', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/indent/edit/${id}/1$`));
  await expect(page.getByRole('textbox', { name: 'Number of vehicles' })).toHaveValue('2');
  const remarks = page.getByRole('textbox', { name: 'Remarks' });

  const loaded = await owner.get<{ updatedAt: string; reportingAt: string }>(`/api/indents/${id}`);
  const login2 = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } });
  const theirs = await request.put(`/api/indents/${id}`, {
    headers: { authorization: `Bearer ${(await login2.json()).data.token}`, 'if-match': `"${loaded.updatedAt}"` },
    data: { vehicles: 2, reportingAt: loaded.reportingAt, remarks: 'Theirs: report at gate 2', single: true },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await remarks.fill('Mine: report at gate 1');
  await page.getByRole('button', { name: 'Save' }).click();
  const stale = page.getByRole('alert').filter({ hasText: 'Not saved: someone else saved first' });
  await expect(stale).toBeVisible();
  expect((await owner.get<{ remarks: string | null }>(`/api/indents/${id}`)).remarks).toBe('Theirs: report at gate 2');
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(remarks).toHaveValue('Theirs: report at gate 2');
  await expect(stale).toBeHidden();

  await remarks.fill('Mine: report at gate 1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Indent ${number} changed; its carrier is asked again.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/indent/detail/${id}$`));
  expect((await owner.get<{ remarks: string | null }>(`/api/indents/${id}`)).remarks).toBe('Mine: report at gate 1');
  await owner.post(`/api/indents/${id}/cancel`, { reason: 'Edit journey done' }, 200);
});
