import { readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; name?: string; src?: string; css?: string[]; imports?: string[] };

/**
 * The chunks a user needs to open the app without network: the entry, the login page and the
 * signed-in frame; the driver's trip page, by its own entry and by the app's route (record 0319),
 * with its Hindi words (record 0302), which a driver opens once from a message and may reload on
 * the road without network before any second visit; and the field screens with the dialogs they
 * open after a tap (record 0310): the gate boards (with their
 * Hindi words) and the carrier's My orders, so a guard's or a dispatcher's move works offline even
 * in a dialog whose code the page had not fetched yet when the network went.
 */
const SHELL_KEYS = [
  'index.html',
  'src/main.tsx',
  'src/features/auth/login-page.tsx',
  'src/app/app-frame.tsx',
  'src/trip.tsx',
  'src/features/driver/routes.tsx',
  'src/locales/hi-IN/common.json',
  'src/locales/hi-IN/driver.json',
  'src/features/gate/gate-page.tsx',
  'src/features/gate/gate-in-dialog.tsx',
  'src/features/gate/weigh-dialog.tsx',
  'src/features/gate/gate-out-dialog.tsx',
  'src/locales/hi-IN/gate.json',
  'src/features/carrier-portal/orders-page.tsx',
  'src/features/carrier-portal/order-dialogs.tsx',
  'src/features/carrier-portal/vehicle-change-dialog.tsx',
  'src/features/carrier-portal/deliver-dialog.tsx',
  'src/features/carrier-portal/order-panel.tsx',
  'src/domain/outbox/kept-moves.tsx',
];

/**
 * The manifest key of a source module's chunk: the module's path, or, when the bundler placed the
 * module in a shared chunk (vite.config.ts inlines small common chunks, record 0297), the JavaScript
 * chunk named after the module's file.
 */
export function chunkKey(manifest: Record<string, ManifestChunk>, key: string): string | undefined {
  if (manifest[key] || !key.startsWith('src/')) {
    return manifest[key] ? key : undefined;
  }
  const name = path.basename(key).replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find(
    (k) => manifest[k]?.name === name && manifest[k]?.src === undefined && manifest[k]?.file.endsWith('.js'),
  );
}

/**
 * The build files of the app shell (issue 35), read from Vite's manifest: the shell's chunks, what
 * they import statically, and their styles. The service worker precaches these and no other chunk.
 */
export function shellFiles(dist: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) {
      return;
    }
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) {
      files.add(css);
    }
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  for (const key of SHELL_KEYS) {
    const found = chunkKey(manifest, key);
    if (!found) {
      throw new Error(`${key} is not in the build's manifest: the app shell would be incomplete`);
    }
    visit(found);
  }
  return files;
}
