import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { liveConnection, login, PASSWORD, SURAT_STOP } from './helpers.ts';
import { apiUser, demoIds, hoursFromNow, offlineOrder } from './shipper-api.ts';

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** A session of another user, for API calls beside the browser's own. */
async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { login: email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).data.token}` };
}

/** The shipper publishes a request inviting Vayu Roadlines (the demo carrier): an event that concerns the carrier. */
async function publishInvitingVayu(request: APIRequestContext) {
  const headers = await apiSession(request, 'owner@demo.test');
  const get = async (url: string) => (await (await request.get(url, { headers })).json()).data;
  const [plant] = await get('/api/plants/options');
  const [vehicle] = await get('/api/vehicle-types/options');
  const vayu = (await get('/api/carriers/options')).find((c: { name: string }) => c.name === 'Vayu Roadlines');
  const stop = await request.post('/api/stops', {
    headers,
    data: {
      name: `Vapi DC ${Date.now()}`,
      type: 'drop',
      address: 'GIDC Phase 2',
      city: 'Vapi',
      state: 'Gujarat',
      pincode: '396195',
      latitude: 20.37,
      longitude: 72.9,
    },
  });
  expect(stop.status()).toBe(201);
  const created = await request.post('/api/requests/outbound', {
    headers,
    data: {
      requestType: 1,
      plantId: plant.id,
      dropoffs: [{ stopId: (await stop.json()).data.id }],
      weightTonnes: 10,
      vehicleTypeId: vehicle.id,
      vehicleCount: 1,
      bidStartAt: hours(-1),
      bidEndAt: hours(3),
      pickupAt: hours(24),
      targetPriceRupees: 30000,
      carrierLinkIds: [vayu.id],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data as { id: number; number: string };
}

const unreadCount = async (page: Page) => {
  const label = (await page.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};

test('a new notification arrives live as a toast with a link, never a dialog; the list opens its target', async ({ page }) => {
  const live = liveConnection(page);
  await login(page, 'carrier@demo.test');
  // The service worker (public/sw.js) registers for the signed-in app.
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(worker).toMatch(/\/sw\.js$/);

  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/#\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // Chromium here has no push service to subscribe with; the control to ask is still offered.
  await expect(page.getByRole('button', { name: 'Enable push notifications' })).toBeVisible();
  const before = await unreadCount(page);
  await live;

  const request = await publishInvitingVayu(page.request);
  const message = `You are invited to bid on ${request.number}.`;

  // Without a reload: a toast with the title, the message and a link; no dialog in the way.
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible({ timeout: 5000 });
  await expect(toast).toContainText('New request to bid');
  // Bottom right, clear of a dialog's title and a page's filters at the top (issue 38).
  const box = await toast.boundingBox();
  const view = page.viewportSize();
  expect(box && view && box.y > view.height / 2 && box.x > view.width / 2, JSON.stringify({ box, view })).toBe(true);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Notifications, ${before + 1} unread` })).toBeVisible();
  await expect(page.getByRole('main').getByText(message)).toBeVisible();

  // Picking it from the list opens its target at once (a carrier: the requests to bid) and marks it read.
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(message) })
    .click();
  await expect(page).toHaveURL(/#\/carrier\/requests$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: `Notifications, ${before} unread` }).or(page.getByRole('link', { name: 'Notifications', exact: true })),
  ).toBeVisible();

  // The toast hides by itself (spec: 5000 ms); until then a second event of its kind would join it.
  await expect(toast).toBeHidden({ timeout: 7000 });

  // A second event while the carrier types in the page: a toast, the page refreshes, the typing goes on.
  const search = page.getByRole('textbox', { name: /search/i }).first();
  await search.click();
  const next = publishInvitingVayu(page.request);
  await page.keyboard.type('Pune', { delay: 150 });
  const { number } = await next;
  const second = page.getByRole('alert').filter({ hasText: `You are invited to bid on ${number}.` });
  await expect(second).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('Pune');
  await search.fill('');
  await expect(page.getByRole('heading', { name: number })).toBeVisible();
  // The toast's link opens the notification's target.
  await page.goto('/#/dashboard');
  const third = await publishInvitingVayu(page.request);
  const link = page.getByRole('alert').filter({ hasText: third.number }).getByRole('link', { name: 'Open' });
  await link.click();
  await expect(page).toHaveURL(/#\/carrier\/requests$/);
});

test('a push message opened from outside the app asks with the spec’s dialog: Cancel stays, OK opens the target', async ({ page }) => {
  // The toast comes over the live connection: publish once it is up (one made before is listed, not toasted).
  const live = liveConnection(page);
  await login(page, 'carrier@demo.test');
  await live;
  const request = await publishInvitingVayu(page.request);
  const message = `You are invited to bid on ${request.number}.`;
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible({ timeout: 5000 });
  const carrier = await apiUser(page.request, 'carrier@demo.test');
  const stored = await carrier.get<{ id: number; msg: string }[]>('/api/notifications?pageSize=25');
  const id = stored.find((n) => n.msg === message)?.id;
  expect(id).toBeGreaterThan(0);

  // No app window open: the service worker opens the app at the list with the notification's id.
  await page.goto(`/#/notification?push=${id}`);
  const dialog = page.getByRole('dialog', { name: 'New request to bid' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(message)).toBeVisible();
  // The address no longer names it, so a reload does not ask again.
  await expect(page).toHaveURL(/#\/notification$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/notification$/);

  // An id that is not this user's opens nothing.
  await page.goto('/#/notification?push=999999');
  await expect(page).toHaveURL(/#\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // An app window already open: the service worker focuses it and posts the message; OK opens the target.
  await page.goto('/#/dashboard');
  await page.evaluate(
    ([notificationId, msg]) =>
      navigator.serviceWorker.dispatchEvent(
        new MessageEvent('message', {
          data: {
            type: 'push-notification',
            payload: { title: 'New request to bid', msg, type: 'request', referId: 0, requestType: 1, notificationId },
          },
        }),
      ),
    [id, message] as const,
  );
  const again = page.getByRole('dialog', { name: 'New request to bid' });
  await again.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/#\/carrier\/requests$/);
});

test('ten vehicle assignments while the shipper types on the order list are one grouped toast, no dialog', async ({ page, request }) => {
  const owner = await apiUser(request, 'owner@demo.test');
  const vayu = await apiUser(request, 'carrier@demo.test');
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...SURAT_STOP, name: 'Surat DC 07' });
  const orders: { id: number; number: string }[] = [];
  for (let i = 0; i < 10; i++) {
    orders.push(await offlineOrder(owner, ids, stop.id, { priceRupees: 30000, pickupAt: hoursFromNow(24) }));
  }
  const live = liveConnection(page);
  await login(page, 'owner@demo.test');
  await page.goto('/#/order/outbound');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toContainText(orders[9]?.number ?? '');
  await live;
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.click();

  // The carrier assigns all ten at once while the shipper types.
  const assigned = Promise.all(
    orders.map((o, i) =>
      vayu.post(
        `/api/carrier/orders/${o.id}/assign`,
        { vehicleNumber: `MH12AB${1001 + i}`, driverName: 'Ramesh', driverMobile: '9822012345' },
        200,
      ),
    ),
  );
  await page.keyboard.type('ORD-', { delay: 120 });
  await assigned;

  const toast = page.getByRole('alert').filter({ hasText: 'vehicles assigned' });
  await expect(toast).toContainText('10 vehicles assigned');
  await expect(toast).toContainText(/ORD-\d{4}-\d{6}, ORD-\d{4}-\d{6}, ORD-\d{4}-\d{6}, ORD-\d{4}-\d{6} and 6 more/);
  await expect(page.getByRole('alert').filter({ hasText: /assigned/i })).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The typing was not interrupted, and the list shows the vehicles without a reload.
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('ORD-');
  await expect(table).toContainText('MH12AB1010');
  await page.screenshot({ path: '/tmp/live/grouped-toast.png' });

  // Its link opens the order list.
  await page.goto('/#/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'vehicles assigned' })).toBeVisible();
  await page.getByRole('alert').filter({ hasText: 'vehicles assigned' }).getByRole('link', { name: 'Open the list' }).click();
  await expect(page).toHaveURL(/#\/order\/outbound\/?$/);
});

test('with notifications allowed, the app tries to subscribe and logs the spec text when no push service answers', async ({
  page,
  context,
}) => {
  // Chromium's push service is out of reach offline, so subscribing fails; real delivery is tested in the API suite.
  await context.grantPermissions(['notifications']);
  const logged = page.waitForEvent('console', {
    predicate: (m) => m.text().startsWith('An error occurred while retrieving token.'),
    timeout: 30_000,
  });
  await login(page, 'owner@demo.test');
  await logged;
  await page.goto('/#/notification');
  await expect(page.getByText('Push notifications are allowed; this browser has no push subscription yet.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('deviceToken'))).toBeNull();
});
