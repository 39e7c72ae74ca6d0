/**
 * The page's first script. A public tracking link (`#/live/{token}`, `#/fast/{token}`) loads only
 * its own small page — an anonymous customer on a phone never downloads the whole app (issue 10:
 * at most 100 KB of gzipped JavaScript); the driver's trip link its own entry (trip.tsx); every
 * other address loads the app (main.tsx).
 */
const PUBLIC_LINK = /^#\/(?:live|fast)\/([^/?#]+)/;

/**
 * The driver's trip link (`#/trip/{token}`): drawn by its own entry, trip.tsx, in the public frame
 * (components/layout/public-frame.tsx) without the app's router and menus (record 0319).
 */
const TRIP_LINK = /^#\/trip\/([^/?#]+)/;

/**
 * index.html draws the signed-in header bar while the code arrives; a public page is drawn in the
 * public frame, whose head it shows instead (index.html's template): a driver opening a trip link
 * sees the product's name where it stays, not a bar that goes (record 0315).
 */
function showPublicFrame(root: HTMLElement) {
  const frame = document.getElementById('boot-public');
  if (frame instanceof HTMLTemplateElement) {
    root.replaceChildren(frame.content.cloneNode(true));
  }
}

/** A link's page stays its own: any other address (or another link) is loaded afresh, by the app or by a link's page. */
const reloadOnNewAddress = () => window.addEventListener('hashchange', () => window.location.reload());

const root = document.getElementById('root');
const link = PUBLIC_LINK.exec(window.location.hash);
const trip = TRIP_LINK.exec(window.location.hash);
if (root && link?.[1]) {
  const token = decodeURIComponent(link[1]);
  reloadOnNewAddress();
  void import('./features/tracking/public-track-view.ts').then((m) => m.mountPublicTrack(root, token));
} else if (root && trip?.[1]) {
  const token = decodeURIComponent(trip[1]);
  showPublicFrame(root);
  reloadOnNewAddress();
  void import('./trip.tsx').then((m) => m.mountTrip(root, token));
} else {
  void import('./main.tsx');
}
// No warm-up of the browser's ICU here any more: the first screens write numbers, days and counts
// without `Intl` (packages/shared/indian-number.ts and date-time.ts, record 0323), so a page that
// never needs ICU never sets it up.
