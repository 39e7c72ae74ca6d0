import { expect, test } from '@playwright/test';
import { login, logout, openMenu } from './helpers.ts';

test('forgot password: the mailed link sets a new password that logs in', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('noplan@demo.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account uses this address')).toBeVisible();

  // Without SMTP the mail waits in the outbox, which the platform admin reads.
  await login(page, 'admin@demo.test');
  await openMenu(page, 'Sent mail');
  await expect(page.getByRole('cell', { name: 'noplan@demo.test' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Expand row' }).first().click();
  const text = await page.locator('pre').first().textContent();
  const link = /#\/password\/reset\/[\w-]+/.exec(text ?? '')?.[0];
  expect(link).toBeTruthy();
  await logout(page);

  await page.goto(`/${link}`);
  await expect(page.getByText('noplan@demo.test')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('short');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Noplan2026x');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Noplan2026x');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  const flash = page.getByText('Your password is changed');
  await expect(flash).toBeVisible();
  // Flash messages clear themselves after 6000 ms.
  await expect(flash).toBeHidden({ timeout: 8000 });
  await login(page, 'noplan@demo.test', 'Noplan2026x');

  // The link worked once.
  await logout(page);
  await page.goto(`/${link}`);
  await expect(page.getByText('invalid or has expired')).toBeVisible();
});
