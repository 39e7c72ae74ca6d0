#!/usr/bin/env node
// Draws the app's install icons (apps/web/public/icons/*.png) from the favicon's SVG in Debian's
// Chromium, for the web app manifest (issue 35): 192 and 512 px, and a maskable 512 px whose truck
// sits inside the 80% safe zone on a full green field. Run it again after changing favicon.svg and
// commit the files; the build does not run it. Usage: node scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const ICONS = [
  { name: 'icon-192.png', size: 192, inset: 0 },
  { name: 'icon-512.png', size: 512, inset: 0 },
  { name: 'icon-maskable-512.png', size: 512, inset: 0.12 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
for (const icon of ICONS) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  const pad = Math.round(icon.size * icon.inset);
  await page.setContent(
    `<body style="margin:0;background:${icon.inset ? '#42b883' : 'transparent'}"><div style="padding:${pad}px;width:${icon.size - 2 * pad}px;height:${icon.size - 2 * pad}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({ path: path.join(publicDir, 'icons', icon.name), omitBackground: !icon.inset });
  await page.close();
}
await browser.close();
console.log(`icons written to ${path.relative(root, path.join(publicDir, 'icons'))}`);
