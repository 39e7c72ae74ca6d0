/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { listenForPush } from './push.ts';

/**
 * Freightdesk's service worker (issue 35), built by vite-plugin-pwa (injectManifest) into sw.js at the
 * app's root:
 * - the app shell (index.html, the first page's scripts and styles, the icons and the manifest)
 *   and the field screens with their dialogs (the gate boards, My orders, the driver's trip:
 *   pwa-shell.ts) are precached at install, so a reload without network opens the app instead of
 *   the browser's offline page, and a move offline finds its dialog;
 * - every other build file (content-hashed under /assets/, never changed) is kept the first time it
 *   is fetched, so a screen once opened (the gate board, My orders) opens again offline;
 * - an address of the app is answered by the network when there is one, else by the cached shell;
 *   the API is never cached here (its answers belong to the user and change);
 * - a new release waits until the user accepts the app's "new version" prompt (SKIP_WAITING);
 * - Web Push messages and their clicks (push.ts).
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'freightdesk-assets' }),
);

const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fetch(options.request);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api\//, /^\/socket\.io\//] },
  ),
);

self.addEventListener('message', (event) => {
  if (event.data && typeof event.data === 'object' && (event.data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

listenForPush(self);
