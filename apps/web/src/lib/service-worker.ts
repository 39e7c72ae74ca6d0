import { useSyncExternalStore } from 'react';

/**
 * The service worker's side in the page (issue 35): registered once the page has loaded (so it never
 * competes with the first page's own files), with workbox-window fetched only then. A new release's
 * worker waits; `useWaitingRelease` gives the page a function that switches to it and reloads, which
 * the update prompt offers (a form being typed into is never reloaded under the user).
 */
let applyRelease: (() => void) | null = null;
const listeners = new Set<() => void>();

function setRelease(apply: (() => void) | null) {
  applyRelease = apply;
  for (const listener of listeners) {
    listener();
  }
}

const supported = () => window.isSecureContext && 'serviceWorker' in navigator && !import.meta.env.DEV;

/** A waiting release becomes the switch `useWaitingRelease` offers. */
function offerReleases(wb: import('workbox-window').Workbox) {
  wb.addEventListener('waiting', () =>
    setRelease(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    }),
  );
}

let registered: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * The app's one service worker registration (sw.js at the app's root, so it controls every page),
 * made once and shared by the offline shell and push; undefined where the browser runs none (an
 * insecure origin, the dev server). A failed registration is tried again on the next call.
 */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!supported()) {
    return Promise.resolve(undefined);
  }
  registered ??= import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox('./sw.js');
      offerReleases(wb);
      return wb.register();
    })
    .then(() => navigator.serviceWorker.ready)
    .catch((err: unknown) => {
      registered = undefined;
      console.warn('Service worker registration failed.', err);
      return undefined;
    });
  return registered;
}

/** Registers sw.js after the page's load event, where the browser can run one (HTTPS or localhost). */
export function startServiceWorker(): void {
  if (!supported()) {
    return;
  }
  const register = () => void serviceWorkerRegistration();
  if (document.readyState === 'complete') {
    register();
  } else {
    window.addEventListener('load', register, { once: true });
  }
}

/** The switch to a release that is waiting, or null when the page runs the newest. */
export function useWaitingRelease(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyRelease,
  );
}
