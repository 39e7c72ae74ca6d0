import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8990';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function as(email, size, fn) {
  const page = await (await browser.newContext({ viewport: size })).newPage();
  await page.goto(`${base}/#/login`);
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByLabel(/password/i).first().fill('Demo@12345');
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL(/dashboard|plan/);
  await fn(page);
  await page.context().close();
}
await as('owner@demo.test', { width: 1366, height: 768 }, async (page) => {
  await page.goto(`${base}/#/payment-summary`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: '/tmp/walk/payment-summary-1366.png' });
  await page.goto(`${base}/#/devices`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/walk/devices-1366.png' });
});
await as('noplan@demo.test', { width: 1280, height: 760 }, async (page) => {
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/walk/noplan-1280.png' });
});
await as('carrier@demo.test', { width: 390, height: 844 }, async (page) => {
  await page.goto(`${base}/#/carrier/invoices/new`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: '/tmp/walk/carrier-new-invoice-390.png', fullPage: true });
});
await browser.close();
