import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { login, PASSWORD } from './helpers.ts';
import { apiUser } from './shipper-api.ts';

/**
 * One submit for every edit form (useEditForm, issue 32): a colleague's save in between is caught
 * with the stale alert and Reload brings theirs; a field the server refuses is named on the field.
 * Walked on a master form (a carrier group) and on a page of its own (a plant's SLA).
 */

async function saveAndSeeStale(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  const stale = page.getByRole('alert').filter({ hasText: 'Not saved: someone else saved first' });
  await expect(stale).toBeVisible();
  return stale;
}

test('a carrier group edited by two people: the second save is caught, Reload shows the first', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const name = `Group ${Date.now().toString(36)}`;
  const group = await owner.post<{ id: number; updatedAt: string }>('/api/carrier-groups', { name, carrierLinkIds: [] });
  await login(page, 'owner@demo.test');
  await page.goto(`/#/industry-transporter/edit_group/${group.id}`);
  const field = page.getByRole('textbox', { name: 'Group name' });
  await expect(field).toHaveValue(name);

  const theirs = await request.put(`/api/carrier-groups/${group.id}`, {
    headers: { ...(await authOf(request)), 'if-match': group.updatedAt },
    data: { name: `${name} (theirs)`, carrierLinkIds: [] },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await field.fill(`${name} (mine)`);
  const stale = await saveAndSeeStale(page);
  await expectAccessible(page, 'a carrier group caught stale');
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(field).toHaveValue(`${name} (theirs)`);
  await expect(stale).toBeHidden();

  // Now on the current version, the save goes through and returns to the list.
  await field.fill(`${name} (mine)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const saved = await owner.get<{ name: string }>(`/api/carrier-groups/${group.id}`);
  expect(saved.name).toBe(`${name} (mine)`);
});

test('a plant SLA edited by two people: the second save is caught and nothing is saved over theirs', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const plants = await owner.get<{ id: number; name: string; updatedAt: string }[]>('/api/plants?pageSize=25&sort=name');
  const plant = plants[0];
  if (!plant) {
    throw new Error('the demo has no plant');
  }
  await login(page, 'owner@demo.test');
  await page.goto(`/#/sla/edit/${plant.id}`);
  const text = page.getByRole('textbox', { name: 'SLA text' });
  await expect(text).toBeVisible();

  const theirs = await request.put(`/api/plants/${plant.id}/sla/sla`, {
    headers: await authOf(request),
    data: { text: 'Loading within 4 hours of reporting (theirs).' },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);

  await text.fill('Loading within 2 hours of reporting (mine).');
  const stale = await saveAndSeeStale(page);
  const kept = await owner.get<{ slaText: string }>(`/api/plants/${plant.id}`);
  expect(kept.slaText).toBe('Loading within 4 hours of reporting (theirs).');
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('textbox', { name: 'SLA text' })).toHaveValue('Loading within 4 hours of reporting (theirs).');
});

async function authOf(request: Parameters<typeof apiUser>[0]) {
  const res = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).data.token}` };
}
