/**
 * The page's first script. A public tracking link (`#/live/{token}`, `#/fast/{token}`) loads only
 * its own small page — an anonymous customer on a phone never downloads the whole app (issue 10:
 * at most 100 KB of gzipped JavaScript); every other address loads the app (main.tsx).
 */
const PUBLIC_LINK = /^#\/(?:live|fast)\/([^/?#]+)/;

/** Public pages the app draws in the public frame from the top (components/layout/public-layout.tsx): the driver's trip. */
const PUBLIC_FRAME = /^#\/trip\//;

/**
 * index.html draws the signed-in header bar while the code arrives; a public page is drawn in the
 * public frame, whose head it shows instead (index.html's template): a driver opening a trip link
 * sees the product's name where it stays, not a bar that goes (record 0315).
 */
function showPublicFrame(root: HTMLElement | null) {
  const frame = document.getElementById('boot-public');
  if (root && frame instanceof HTMLTemplateElement && PUBLIC_FRAME.test(window.location.hash)) {
    root.replaceChildren(frame.content.cloneNode(true));
  }
}

/**
 * Chromium sets up ICU, its locale data, on a page's first `Intl` object: 50-80 ms on this project's
 * test host, four times that on a mid-range phone, inside whichever script first formats a number
 * or a date (the signed-in frame's, in the middle of the page's first drawing). Done here, while the
 * app's code is still downloading, it costs the page nothing (record 0318). The public tracking
 * page formats times too.
 */
function warmLocaleData() {
  new Intl.NumberFormat('en-IN').format(1);
  new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' }).format(0);
}

warmLocaleData();
const root = document.getElementById('root');
const link = PUBLIC_LINK.exec(window.location.hash);
if (root && link?.[1]) {
  const token = decodeURIComponent(link[1]);
  // Any other address (or another link) is loaded afresh, by the app or by this page.
  window.addEventListener('hashchange', () => window.location.reload());
  void import('./features/tracking/public-track-view.ts').then((m) => m.mountPublicTrack(root, token));
} else {
  showPublicFrame(root);
  void import('./main.tsx');
}
