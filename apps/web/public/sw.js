/*
 * Freightdesk service worker: shows Web Push messages and opens the app when one is clicked.
 * A message is JSON { data: { title, msg, type, referId, requestType }, notificationId, url }
 * (docs/api.md); `url` is the app route that confirming the notification opens for this user.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The open windows of this app. */
function appWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const data = message.data || {};
  const payload = { ...data, notificationId: message.notificationId, url: message.url };
  event.waitUntil(
    appWindows().then((windows) => {
      // A focused app already shows the notification live (socket) as a toast.
      if (windows.some((w) => w.focused)) {
        return undefined;
      }
      return self.registration.showNotification(data.title || 'Freightdesk', {
        body: data.msg || '',
        data: payload,
        tag: message.notificationId ? `notification-${message.notificationId}` : undefined,
        icon: 'favicon.svg',
      });
    }),
  );
});

/**
 * Where a clicked message opens the app: its notification list with `?push={id}`, which tells the
 * app the user came from a push message and shows the spec's confirm dialog (OK opens the target).
 * Only the id travels in the address; the app reads the notification's text from the server.
 */
function clickedUrl(payload) {
  const id = Number(payload.notificationId);
  if (Number.isInteger(id) && id > 0) {
    return `${self.registration.scope}#/notification?push=${id}`;
  }
  return `${self.registration.scope}#${payload.url || '/notification'}`;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const payload = event.notification.data || {};
  event.waitUntil(
    appWindows().then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // The open app shows the confirm dialog for it.
        await open.focus();
        open.postMessage({ type: 'push-notification', payload });
        return;
      }
      await self.clients.openWindow(clickedUrl(payload));
    }),
  );
});
