import { type APIRequestContext, expect, test } from '@playwright/test';
import { login, PASSWORD } from './helpers.ts';

const DEFAULTS = { haltMinutes: 30, noSignalMinutes: 60, publicLinkGraceHours: 24, simPingMinutes: 15, arrivalDwellMinutes: 5 };

async function ownerToken(request: APIRequestContext): Promise<string> {
  const signIn = await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } });
  return (await signIn.json()).data.token as string;
}

// The specs after this one (and any run again) find the demo shipper on the default settings.
test.afterEach(async ({ request }) => {
  const res = await request.put('/api/settings/tracking', {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: DEFAULTS,
  });
  expect(res.status()).toBe(200);
});

test('the owner sets the tracking settings: defaults shown, bounds refused, saved with a toast, a colleague’s save caught', async ({
  page,
  request,
}) => {
  await login(page, 'owner@demo.test');
  await page.goto('/#/settings/tracking');
  await expect(page.getByRole('tab', { name: 'Tracking', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tracking settings' })).toBeVisible();
  await expect(page.getByText('You are using the default settings.')).toBeVisible();
  const halt = page.getByRole('textbox', { name: 'Halt after (minutes)' });
  await expect(halt).toHaveValue('30');
  await expect(page.getByRole('textbox', { name: 'No signal after (minutes)' })).toHaveValue('60');
  await expect(page.getByRole('textbox', { name: 'Public link grace (hours)' })).toHaveValue('24');
  await expect(page.getByRole('textbox', { name: 'Phone-SIM ping every (minutes)' })).toHaveValue('15');
  await expect(page.getByRole('textbox', { name: 'Arrival after a stay of (minutes)' })).toHaveValue('5');
  await expect(page.getByText('Positions are kept for 180 days')).toBeVisible();

  // Out of bounds: refused on the field, nothing saved.
  await halt.fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Halt after must be 5–720 minutes', { exact: true })).toBeVisible();

  await halt.fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tracking settings saved.')).toBeVisible();
  await expect(page.getByText(/^Last changed /)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Halt after (minutes)' })).toHaveValue('45');

  // A colleague saves meanwhile: this page's save is refused, and Reload shows theirs.
  const theirs = await request.put('/api/settings/tracking', {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: { ...DEFAULTS, haltMinutes: 50, noSignalMinutes: 90 },
  });
  expect(theirs.status()).toBe(200);
  await page.getByRole('textbox', { name: 'No signal after (minutes)' }).fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  const stale = page.getByRole('alert').filter({ hasText: 'Not saved: someone else saved first' });
  await expect(stale).toBeVisible();
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('textbox', { name: 'Halt after (minutes)' })).toHaveValue('50');
  await expect(page.getByRole('textbox', { name: 'No signal after (minutes)' })).toHaveValue('90');
});
