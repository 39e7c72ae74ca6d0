/**
 * The page's first script. A public tracking link (`#/live/{token}`, `#/fast/{token}`) loads only
 * its own small page — an anonymous customer on a phone never downloads the whole app (issue 10:
 * at most 100 KB of gzipped JavaScript); every other address loads the app (main.tsx).
 */
const PUBLIC_LINK = /^#\/(?:live|fast)\/([^/?#]+)/;

const root = document.getElementById('root');
const link = PUBLIC_LINK.exec(window.location.hash);
if (root && link?.[1]) {
  const token = decodeURIComponent(link[1]);
  // Any other address (or another link) is loaded afresh, by the app or by this page.
  window.addEventListener('hashchange', () => window.location.reload());
  void import('./features/tracking/public-track-view.ts').then((m) => m.mountPublicTrack(root, token));
} else {
  void import('./main.tsx');
}
