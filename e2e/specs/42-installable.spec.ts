import { expect, test } from '@playwright/test';

/**
 * The app installs and opens without network (issue 35): the manifest names the app with its
 * icons, the service worker takes the page, and a reload with the network off opens the app from
 * the cached shell instead of the browser's offline page.
 */

test('the manifest names the app with its install icons', async ({ request }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await answer.json();
  expect(manifest).toMatchObject({ name: 'Freightdesk', display: 'standalone', start_url: '/#/dashboard' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of manifest.icons as { src: string }[]) {
    const file = await request.get(`/${icon.src}`);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  const page = await request.get('/');
  expect(await page.text()).toContain('<link rel="manifest" href="/manifest.webmanifest"');
});

test('with the network off, a reload opens the app from the cached shell', async ({ page, context }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The worker registers after the page's load event and takes the page once its shell is cached.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('Login · Freightdesk');
  } finally {
    await context.setOffline(false);
  }
});
