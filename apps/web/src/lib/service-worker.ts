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

/** Registers sw.js after the page's load event, where the browser can run one (HTTPS or localhost). */
export function startServiceWorker(): void {
  if (!window.isSecureContext || !('serviceWorker' in navigator) || import.meta.env.DEV) {
    return;
  }
  const register = () =>
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox('./sw.js');
        wb.addEventListener('waiting', () =>
          setRelease(() => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          }),
        );
        return wb.register();
      })
      .catch((err: unknown) => console.warn('Service worker registration failed.', err));
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
