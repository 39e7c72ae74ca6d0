import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shellFiles } from './pwa-shell.ts';
import { cachedRouteMatchers, productionReactRouter } from './route-matchers.ts';

// The directive prologue of a module: comments (a licence banner) and whitespace, then "use client".
const USE_CLIENT = /^((?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*)(['"]use client['"];?)/;

/**
 * Libraries written for React Server Components (Mantine, TanStack Query, React Router) start their
 * modules with "use client". This app renders only in the browser, so the directive means nothing
 * here, and the bundler, which cannot keep a per-module directive in a bundle, warned about each
 * one: over 900 warnings a build. The directive is blanked before bundling (same length, so source
 * maps stay exact) rather than the warning hidden, so any other warning still shows.
 */
function clientOnlyDirectives(): Plugin {
  return {
    name: 'freightdesk:client-only-directives',
    transform: {
      filter: { id: /node_modules/, code: /['"]use client['"]/ },
      handler(code) {
        const blanked = code.replace(USE_CLIENT, (_all, prologue: string, directive: string) => prologue + ' '.repeat(directive.length));
        return blanked === code ? null : { code: blanked, map: null };
      },
    },
  };
}

// Text files worth compressing; maps are not served by default, the manifest (.vite/) never.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the highest
 * levels (done once per build, not per request), for the API's precompressed serving (issue 15).
 * Files under 1 kB are left alone: the headers would outweigh the saving.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'freightdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && !path.relative(outDir, e.parentPath).startsWith('.'))
          .map((e) => path.join(e.parentPath, e.name));
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            if (body.length < 1024) {
              return;
            }
            const [br, gz] = await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzipped(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/**
 * The installable app (issue 35): the web app manifest and the service worker src/sw/sw.ts, built by
 * vite-plugin-pwa with Workbox. Only the shell is precached (index.html, the login page's and the
 * signed-in frame's scripts and styles, the field screens and their dialogs, icons, manifest:
 * pwa-shell.ts picks them from Vite's manifest); the worker keeps every other build file the first
 * time it is fetched.
 */
function installable(): Plugin[] {
  // The build's folder as configured (npm start builds into a folder of its own, not dist/).
  let outDir = '';
  const where: Plugin = {
    name: 'freightdesk:pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    includeAssets: [],
    manifest: {
      name: 'Freightdesk',
      short_name: 'Freightdesk',
      description: 'Freight procurement, execution and tracking for shippers in India and their carriers.',
      lang: 'en-IN',
      start_url: '/#/dashboard',
      scope: '/',
      display: 'standalone',
      background_color: '#f8f9fa',
      theme_color: '#42b883',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['index.html', 'boot.css', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
      manifestTransforms: [
        async (entries) => {
          const shell = shellFiles(outDir);
          return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
        },
      ],
    },
  });
  return [where, ...pwa];
}

// The API serves the built SPA on one port; in `npm run dev` Vite proxies /api to it.
export default defineConfig({
  plugins: [clientOnlyDirectives(), productionReactRouter(), cachedRouteMatchers(), ...installable(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:8080' },
      '/socket.io': { target: process.env.API_URL ?? 'http://localhost:8080', ws: true },
    },
  },
  // The manifest (dist/.vite, never served) lists each chunk's imports: scripts/check-first-load.mjs measures the login page by it.
  // Rolldown's PLUGIN_TIMINGS warning fires when a build on a busy machine spends long in plugins
  // (the precompressor above); it says nothing about the app, and npm start counts every warning.
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // Common chunks under 12 kB of source are copied into the chunks that import them (record 0297):
      // a signed-in page fetched 110-170 small files, and a phone on HTTP/1.1 fetches six at a time,
      // so the page waited on ~20 rounds of requests; now about 35 files, for 1-2% more bytes.
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 12_000 } } },
    },
  },
});
