import { z } from 'zod';

/**
 * The spec's "device token" is, in this product, a browser's Web Push subscription: the JSON of
 * `PushSubscription.toJSON()` (endpoint plus the keys p256dh and auth), sent as one string.
 */
export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Bytes of a base64url (or base64) string; undefined when it is not one. */
function base64UrlBytes(s: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(s)) {
    return undefined;
  }
  try {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Reads a device token: answers the subscription, or the reason it is not one. Endpoints must be
 * https, except on this machine's loopback (a local push service in development and tests).
 */
export function parsePushToken(token: string): PushSubscriptionJson | string {
  let raw: unknown;
  try {
    raw = JSON.parse(token);
  } catch {
    return 'token must be the JSON of a push subscription';
  }
  const sub = raw as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  if (!sub || typeof sub.endpoint !== 'string' || typeof sub.keys !== 'object' || !sub.keys) {
    return 'token must have an endpoint and keys';
  }
  let url: URL;
  try {
    url = new URL(sub.endpoint);
  } catch {
    return 'token endpoint must be a URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    return 'token endpoint must be an https URL';
  }
  const { p256dh, auth } = sub.keys;
  const key = typeof p256dh === 'string' ? base64UrlBytes(p256dh) : undefined;
  if (key?.length !== 65 || key[0] !== 4) {
    return 'token keys.p256dh must be a P-256 public key (65 bytes, base64url)';
  }
  const secret = typeof auth === 'string' ? base64UrlBytes(auth) : undefined;
  if (secret?.length !== 16) {
    return 'token keys.auth must be a 16-byte secret (base64url)';
  }
  return { endpoint: sub.endpoint, keys: { p256dh, auth } } as PushSubscriptionJson;
}

const pushToken = z
  .string()
  .trim()
  .min(1, 'token is required')
  .max(4096, 'token is too long')
  .superRefine((token, ctx) => {
    const parsed = parsePushToken(token);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
    }
  });

/** `POST /api/user/save-token` and `/remove-token`: `{ token }`, the subscription's JSON string. */
export const pushTokenBodySchema = z.object({ token: pushToken });
export type PushTokenBody = z.infer<typeof pushTokenBodySchema>;

// The notification's shapes and the socket's event names, without zod: the signed-in frame reads
// them on every page (record 0310).
export {
  NOTIFICATION_EVENT,
  type NotificationEvent,
  type NotificationRow,
  notificationUrl,
  type PushData,
  type PushMessage,
  SOCKET_UNAVAILABLE,
} from './push-events.ts';
