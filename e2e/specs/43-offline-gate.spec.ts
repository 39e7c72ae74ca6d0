import { expect, type Page, test } from '@playwright/test';
import { choose, login, openPage, SURAT_STOP, untilReadyOffline } from './helpers.ts';
import { apiUser, demoIds, reportedOrder } from './shipper-api.ts';

/**
 * The guard's tablet without network (issue 35): a gate in made offline is kept on the tablet,
 * survives a reload, and lands once when the network returns; one that another guard made first
 * meanwhile is shown with where the vehicle is now, never applied.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PLANT = 'Pune Chakan Plant';

type Timeline = { status: string; timeline: { to: string }[] };

/** Opens the board, finds the vehicle and gates it in; the dialog closes whatever the network. */
async function gateInOnTheBoard(page: Page, vehicle: string) {
  await page.getByRole('textbox', { name: 'Search vehicle' }).fill(vehicle);
  const card = page.getByRole('article').filter({ hasText: vehicle });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: `Gate in ${vehicle}` }).click();
  const dialog = page.getByRole('dialog', { name: `Gate in ${vehicle}` });
  await dialog.getByRole('button', { name: 'Gate in', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a gate in made offline is kept through a reload and lands once when the network returns', async ({ page, context, request }) => {
  test.setTimeout(3 * 60_000);
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const tail = String(Date.now()).slice(-4);
  const [vehicle, raced] = [`MH12OF${tail}`, `MH12OR${tail}`];
  const ids = await demoIds(owner, PLANT);
  // Each to a yard of its own name: a card shows where it goes, so a search by one vehicle finds one card.
  const reported = async (vehicleNumber: string) => {
    const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: `Offline Yard ${vehicleNumber}` });
    return reportedOrder(owner, vayu, ids, stop.id, { vehicleNumber, driverName: 'Sunil Jadhav', driverMobile: '9822055511' });
  };
  const order = await reported(vehicle);
  const race = await reported(raced);

  await login(page, 'owner@demo.test');
  await openPage(page, '/#/gate-in-out/outbound');
  await choose(page, 'Plant', PLANT);
  // Each search answered by the server before the next (the board alone, one card): offline, the
  // board shows a search's last answer, and the whole board (both cards) answers none.
  for (const number of [vehicle, raced]) {
    await page.getByRole('textbox', { name: 'Search vehicle' }).fill(number);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article').filter({ hasText: number })).toContainText('Reported');
  }

  await untilReadyOffline(page);
  await context.setOffline(true);
  await gateInOnTheBoard(page, vehicle);
  await gateInOnTheBoard(page, raced);
  const kept = page.getByRole('list', { name: 'Moves kept on this device' });
  await expect(kept.getByRole('listitem')).toHaveCount(2);
  await expect(kept.getByRole('listitem').first()).toContainText(`Waiting to send`);
  await expect(kept.getByRole('listitem').first()).toContainText(`Gate in ${vehicle} (${order.number})`);

  // A reload without network: the app opens from its cache and the moves are still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gate in/out outbound', level: 1 })).toBeVisible();
  await expect(kept.getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('offline-gate-kept.png'), fullPage: true });

  // Meanwhile another guard let the second truck in from another gate.
  await owner.post(`/api/orders/outbound/${race.id}/gate-in`, { vehicleNumber: raced, driverChecked: true }, 200);

  await context.setOffline(false);
  await expect(kept.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  const conflict = kept.getByRole('listitem');
  await expect(conflict).toContainText('Not applied: it moved meanwhile');
  await expect(conflict).toContainText(`Gate in ${raced} (${race.number})`);
  await expect(conflict).toContainText('Now:');
  await page.screenshot({ path: test.info().outputPath('offline-gate-conflict.png'), fullPage: true });

  const landed = await owner.get<Timeline>(`/api/orders/outbound/${order.id}`);
  expect(landed.status).toBe('gate_in');
  expect(landed.timeline.filter((e) => e.to === 'gate_in')).toHaveLength(1);
  const theirs = await owner.get<Timeline>(`/api/orders/outbound/${race.id}`);
  expect(theirs.timeline.filter((e) => e.to === 'gate_in')).toHaveLength(1);

  await conflict.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('list', { name: 'Moves kept on this device' })).toHaveCount(0);
});
