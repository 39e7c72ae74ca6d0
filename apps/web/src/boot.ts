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

/**
 * Chromium sets up ICU, its locale data, on a page's first `Intl` object: 50-80 ms on this project's
 * test host, four times that on a mid-range phone, inside whichever script first formats a number
 * or a date (the signed-in frame's, in the middle of the page's first drawing). Done here, while the
 * app's code is still downloading, in a task of its own once the code is asked for, it costs the
 * page's drawing nothing (records 0318, 0319). The public tracking page formats times too. Numbers
 * and dates in two tasks: one of both was 100-160 ms at a phone's speed, most of it blocking.
 */
const warmNumbers = () => new Intl.NumberFormat('en-IN').format(1);
const warmDates = () => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' }).format(0);

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
// After the code is asked for, numbers and dates each in a task of its own: the download does not
// wait for them, and neither is one long task on a phone.
setTimeout(warmNumbers, 0);
setTimeout(warmDates, 0);
