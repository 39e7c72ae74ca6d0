import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@12345';

/** Logs in through the form and waits for the app shell. */
export async function login(page: Page, email: string, password = PASSWORD) {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'Email or mobile' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

/** The sidebar's link names. */
export async function menuItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  return nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? a.textContent ?? ''));
}

/** Opens a page through the sidebar. */
export async function openMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
}

/** A drop-off location body for `POST /api/stops`, for specs that set up a request through the API. */
export const SURAT_STOP = {
  name: 'Surat DC',
  type: 'drop',
  address: 'Sachin GIDC',
  city: 'Surat',
  state: 'Gujarat',
  pincode: '394230',
  latitude: 21.08,
  longitude: 72.88,
} as const;
