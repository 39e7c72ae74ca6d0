#!/usr/bin/env node
// The first visit's JavaScript, measured on the built files (issue 15): the login page may load at
// most 200 KB of gzipped JavaScript, a public tracking link at most 100 KB (issue 10), the driver's
// trip link at most 175 KB (issue 35, record 0319: the app's router alone would take it over), the
// carrier's My orders and the gate board at most 240 and 255 KB (record 0322). A
// page's JavaScript is its entry and every chunk those import statically, read from Vite's
// manifest; chunks a page imports on demand (other features, maps) are not part of its first load.
// Usage: node scripts/check-first-load.mjs [dist folder]  (default apps/web/dist); VERBOSE=1 lists the
// files. Exits 1 when a page is over its limit, or when the build holds a library's development
// build (React Router exports only that one to bundlers; apps/web/route-matchers.ts picks its
// production files).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Kilobytes of 1000 bytes, as Vite's build output counts them (the stricter reading of the limit).
const KB = 1000;

/** The pages checked: the manifest keys each loads at once (absent keys are skipped), and its limit. */
export const PAGES = [
  { name: 'login page', keys: ['index.html', 'src/main.tsx', 'src/features/auth/login-page.tsx'], limit: 200 * KB },
  { name: 'public tracking link', keys: ['index.html', 'src/features/tracking/public-track-view.ts'], limit: 100 * KB },
  // The driver's trip link draws the trip page alone, without the app's router and menus (record 0319).
  { name: "driver's trip link", keys: ['index.html', 'src/trip.tsx'], limit: 175 * KB },
  // The phone's two busiest pages after the login: their menus, selects and pickers float, and their
  // floating code (about 60 KB) comes once the page has settled (record 0322).
  {
    name: "carrier's My orders",
    keys: ['index.html', 'src/main.tsx', 'src/app/app-frame.tsx', 'src/features/carrier-portal/orders-page.tsx'],
    limit: 240 * KB,
  },
  { name: 'gate board', keys: ['index.html', 'src/main.tsx', 'src/app/app-frame.tsx', 'src/features/gate/gate-page.tsx'], limit: 255 * KB },
];

/**
 * The manifest key of a source module's chunk: the module's path, or, when the bundler placed the
 * module in a shared chunk (apps/web/vite.config.ts inlines small common chunks, record 0297), the
 * JavaScript chunk named after the module's file (as apps/web/pwa-shell.ts finds it).
 */
export function chunkKey(manifest, key) {
  if (manifest[key] || !key.startsWith('src/')) {
    return manifest[key] ? key : undefined;
  }
  const name = path.basename(key).replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find((k) => manifest[k].name === name && manifest[k].src === undefined && manifest[k].file.endsWith('.js'));
}

/** The JavaScript files the given manifest keys load: their own and their static imports', transitively. */
export function staticFiles(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) {
      return;
    }
    seen.add(key);
    if (chunk.file.endsWith('.js')) {
      files.add(chunk.file);
    }
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  for (const key of keys) {
    visit(chunkKey(manifest, key) ?? key);
  }
  return [...files].sort();
}

/** Each page's files, their gzipped bytes (level 9, as the server's precompressed files) and its verdict. */
export function measure(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const sizes = (file) => {
    const body = readFileSync(path.join(dist, file));
    return { raw: body.length, bytes: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length };
  };
  return PAGES.map((page) => {
    if (!manifest[page.keys[0]]) {
      throw new Error(`${page.keys[0]} is not in the build's manifest`);
    }
    const files = staticFiles(manifest, page.keys).map((file) => ({ file, ...sizes(file) }));
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    return { ...page, files, bytes, raw, ok: bytes <= page.limit };
  });
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/** Development builds a production bundle must not carry: a library's dev warnings and checks slow a phone. */
const DEVELOPMENT_SOURCES = [/node_modules\/react-router\/dist\/development\//];

/** The built scripts whose sources (their source maps) include a development build, with the source. */
export function developmentBuilds(dist) {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js.map'))
    .flatMap((f) => {
      const { sources = [] } = JSON.parse(readFileSync(path.join(assets, f), 'utf8'));
      return sources.filter((s) => DEVELOPMENT_SOURCES.some((re) => re.test(s))).map((s) => `${f.replace(/\.map$/, '')}: ${s}`);
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const results = measure(dist);
  for (const r of results) {
    const line = `${kb(r.bytes)} of gzipped JavaScript (${kb(r.raw)} uncompressed) in ${r.files.length} files`;
    console.log(`${r.ok ? '✓' : '✗'} ${r.name}: ${line}, limit ${kb(r.limit)}`);
    if (!r.ok || process.env.VERBOSE) {
      for (const f of [...r.files].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`    ${kb(f.bytes).padStart(9)}  ${f.file}`);
      }
    }
  }
  const development = developmentBuilds(dist);
  for (const line of development) {
    console.log(`✗ a development build in the bundle: ${line}`);
  }
  process.exit(results.every((r) => r.ok) && development.length === 0 ? 0 : 1);
}
