import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8190);
// Several runs side by side (one per engineer) each take their own port, data folder and build
// (E2E_PORT, E2E_DATA_DIR, and WEB_DIST, which the API serves).
const DATA_DIR = process.env.E2E_DATA_DIR ?? '../.tmp/e2e-data';
// The OsmAnd port phones post to (Traccar Client's format); the port after the app's, so runs side by side differ.
const OSMAND_PORT = Number(process.env.E2E_TRACKING_PORT ?? PORT + 1);
process.env.E2E_OSMAND_PORT = String(OSMAND_PORT);

// Drives the built app in Debian's Chromium (never a downloaded browser), against a fresh
// embedded database with the demo data.
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_RESULTS_DIR ?? '../.tmp/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx ../apps/api/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Map tiles from this machine only: the tests never reach outside hosts.
    env: {
      PORT: String(PORT),
      DATA_DIR,
      // The demo accounts without the sample freight: the specs count the records they make.
      DEMO_DATA: 'accounts',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // The OsmAnd port on the port after the app's, so runs side by side never fight over 5055.
      TRACKING_PORT: String(OSMAND_PORT),
      // Positions reach the API through Traccar's forwarding (no port of its own): the specs post with this secret.
      TRACCAR_FORWARD_SECRET: 'e2e-traccar-forward-secret',
      MAP_TILE_URL: `http://127.0.0.1:${PORT}/tiles/{z}/{x}/{y}.png`,
    },
  },
});
