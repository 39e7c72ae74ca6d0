import { expect, type Page, test } from '@playwright/test';
import { login, openMenu } from './helpers.ts';

/** Collects the page's Content-Security-Policy violations (the init script runs outside the CSP). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('the app works under its Content-Security-Policy: pages, styles, map, live socket, API docs', async ({ page }) => {
  const violations = await watchViolations(page);
  const answer = await page.goto('/');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self';");
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer?.headers()['x-content-type-options']).toBe('nosniff');

  // The live socket opens a same-origin websocket, which connect-src 'self' must allow.
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await login(page, 'owner@demo.test');
  expect((await socket).isClosed()).toBe(false);
  // Mantine's runtime <style> elements applied: the primary button has the theme colour.
  await openMenu(page, 'Plants');
  await page.getByRole('link', { name: 'Add plant' }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  // (A variable, not a button's colour: a button may be disabled when the plan's plants are used up.)
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
  expect(primary).toBe('#42b883');
  expect(await violations()).toEqual([]);

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Freightdesk API/ })).toBeVisible();
  expect(await violations()).toEqual([]);
});
