/// <reference lib="webworker" />

/*
 * Web Push in the service worker: shows a message and opens the app when one is clicked.
 * A message is JSON { data: { title, msg, type, referId, requestType }, notificationId, url }
 * (docs/api.md); `url` is the app route that confirming the notification opens for this user.
 */

type PushData = { title?: string; msg?: string; [key: string]: unknown };
type PushMessage = { data?: PushData; notificationId?: number | string; url?: string };
type Payload = PushData & { notificationId?: number | string; url?: string };

function readMessage(event: PushEvent): PushMessage {
  try {
    const parsed: unknown = event.data ? event.data.json() : {};
    return parsed && typeof parsed === 'object' ? (parsed as PushMessage) : {};
  } catch {
    return {};
  }
}

/**
 * Where a clicked message opens the app: its notification list with `?push={id}`, which tells the
 * app the user came from a push message and shows the spec's confirm dialog (OK opens the target).
 * Only the id travels in the address; the app reads the notification's text from the server.
 */
function clickedUrl(scope: string, payload: Payload): string {
  const id = Number(payload.notificationId);
  if (Number.isInteger(id) && id > 0) {
    return `${scope}#/notification?push=${id}`;
  }
  return `${scope}#${payload.url || '/notification'}`;
}

/** Shows a push message unless the app is open and focused (it shows the notification live, as a toast). */
function onPush(sw: ServiceWorkerGlobalScope, event: PushEvent) {
  const message = readMessage(event);
  const data = message.data ?? {};
  const payload: Payload = { ...data, notificationId: message.notificationId, url: message.url };
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      if (windows.some((w) => w.focused)) {
        return undefined;
      }
      return sw.registration.showNotification(data.title || 'Freightdesk', {
        body: data.msg || '',
        data: payload,
        tag: message.notificationId ? `notification-${message.notificationId}` : undefined,
        icon: 'favicon.svg',
      });
    }),
  );
}

/** A clicked message focuses the open app (which shows the confirm dialog) or opens it. */
function onClick(sw: ServiceWorkerGlobalScope, event: NotificationEvent) {
  event.notification.close();
  const payload = (event.notification.data ?? {}) as Payload;
  event.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
      if (open) {
        await open.focus();
        open.postMessage({ type: 'push-notification', payload });
        return;
      }
      await sw.clients.openWindow(clickedUrl(sw.registration.scope, payload));
    }),
  );
}

export function listenForPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => onPush(sw, event));
  sw.addEventListener('notificationclick', (event) => onClick(sw, event));
}
