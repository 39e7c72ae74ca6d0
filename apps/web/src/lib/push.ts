import { LOCAL_KEYS, PUSH_TOKEN_REFRESH_DAYS } from '@freightdesk/shared/constants';
import { PUSH_USER_TYPES, type UserType } from '@freightdesk/shared/user-types';
import { api } from './api.ts';
import { serviceWorkerRegistration } from './service-worker.ts';
import { getSession, onSessionEnd } from './session.ts';

/**
 * Web Push in the browser: the service worker (src/sw/, built to sw.js), the subscription made with the
 * server's VAPID key, and the spec's device token (section 7): the subscription's JSON, kept in
 * localStorage `deviceToken`, POSTed to user/save-token only when it differs from the stored one,
 * stored on 200, refreshed every 7 days. Carriers (type 2) register too (product.md section 1).
 */

/** Console texts of spec section 8. */
export const TOKEN_ERROR = 'An error occurred while retrieving token.';
export const NO_TOKEN = 'No registration token available.';
/** When this browser's subscription was last made; older than 7 days means a new one. */
const REFRESHED_AT_KEY = 'deviceTokenRefreshedAt';
const REFRESH_MS = PUSH_TOKEN_REFRESH_DAYS * 24 * 3600 * 1000;
const CHECK_EVERY_MS = 3600 * 1000;

export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupported(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) {
    return false;
  }
  const view = new Uint8Array(a);
  return view.every((x, i) => x === b[i]);
}

/** Tells the server to forget a token (best effort; allowed without a session). */
function dropOnServer(token: string): Promise<unknown> {
  return api.post('/user/remove-token', { token }).catch(() => undefined);
}

/**
 * This browser's subscription: made anew when there is none, when it is older than 7 days, or
 * when the server's VAPID key has changed (key rotation).
 */
async function currentSubscription(reg: ServiceWorkerRegistration): Promise<PushSubscription | null> {
  const key = keyBytes((await api.get<{ data: { vapidPublicKey: string } }>('/user/push-config')).data.vapidPublicKey);
  let sub = await reg.pushManager.getSubscription();
  const stale = Date.now() - Number(localStorage.getItem(REFRESHED_AT_KEY) ?? 0) > REFRESH_MS;
  if (sub && (stale || !sameKey(sub.options.applicationServerKey, key))) {
    await dropOnServer(JSON.stringify(sub));
    await sub.unsubscribe();
    sub = null;
  }
  if (!sub) {
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    localStorage.setItem(REFRESHED_AT_KEY, String(Date.now()));
  }
  return sub;
}

/** Subscribes (when permission is granted) and saves the device token per spec section 7. */
export async function syncPushToken(): Promise<void> {
  const session = getSession();
  if (!session.loggedIn || pushPermission() !== 'granted') {
    return;
  }
  let token = '';
  try {
    const reg = await serviceWorkerRegistration();
    if (!reg) {
      throw new Error('no service worker');
    }
    const sub = await currentSubscription(reg);
    token = sub ? JSON.stringify(sub) : '';
  } catch (err) {
    console.log(TOKEN_ERROR, err);
    return;
  }
  if (!token) {
    console.log(NO_TOKEN);
    return;
  }
  if (!PUSH_USER_TYPES.includes(session.userType as UserType) || token === localStorage.getItem(LOCAL_KEYS.deviceToken)) {
    return;
  }
  try {
    await api.post('/user/save-token', { token });
    localStorage.setItem(LOCAL_KEYS.deviceToken, token);
  } catch (err) {
    console.log(TOKEN_ERROR, err);
  }
}

/** Asks for the permission (call from a user's click), then subscribes. */
export async function enablePush(): Promise<PushPermission> {
  if (!pushSupported()) {
    return 'unsupported';
  }
  const answer = await Notification.requestPermission();
  if (answer === 'granted') {
    await syncPushToken();
  }
  return answer;
}

/**
 * For the signed-in app: registers the service worker, subscribes silently when permission was
 * granted before, and checks hourly whether the 7-day refresh is due. Answers a stop function.
 */
export function startPush(): () => void {
  void serviceWorkerRegistration().then(() => syncPushToken());
  const timer = setInterval(() => void syncPushToken(), CHECK_EVERY_MS);
  return () => clearInterval(timer);
}

// Logout: this browser stops receiving the user's pushes, and the next user's login saves the
// token again (otherwise an unchanged token would never be sent for them).
onSessionEnd(() => {
  const token = localStorage.getItem(LOCAL_KEYS.deviceToken);
  localStorage.removeItem(LOCAL_KEYS.deviceToken);
  if (token) {
    void dropOnServer(token);
  }
});
