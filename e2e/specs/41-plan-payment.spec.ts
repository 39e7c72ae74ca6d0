import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.ts';

// Plans that can be paid (issue 33): the platform admin keeps the platform's bank and tax details;
// the shipper owner choosing a plan is shown that account, the GST and the reference to quote; the
// admin confirms the transfer with its UTR and the amount in a dialog; the shipper downloads the
// platform's tax invoice. The shipper is Demo Industries (Maharashtra, as the platform): CGST + SGST.

async function adminSetsBankDetails(page: Page) {
  await login(page, 'admin@demo.test');
  await page.goto('/#/admin/plans');
  const card = page.getByRole('region', { name: 'Platform bank and tax details' });
  await expect(card.getByRole('textbox', { name: 'GSTIN' })).toHaveValue('27AAACF4321R1ZE');
  await card.getByRole('textbox', { name: 'IFSC' }).fill('icic1004321');
  await card.getByRole('textbox', { name: 'Account number' }).fill('0012 3456 7890');
  await card.getByRole('textbox', { name: 'Bank name' }).fill('ICICI Bank');
  await card.getByRole('button', { name: 'Save bank and tax details' }).click();
  await expect(card.getByText(/^IFSC must be 11 characters/)).toBeVisible();
  await card.getByRole('textbox', { name: 'IFSC' }).fill('icic0004321');
  await card.getByRole('button', { name: 'Save bank and tax details' }).click();
  await expect(page.getByText('Bank and tax details saved.')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'IFSC' })).toHaveValue('ICIC0004321');
}

test('the admin sets the bank details, the shipper pays with GST, the admin confirms with the UTR, the shipper downloads the tax invoice', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await adminSetsBankDetails(page);

  // The shipper owner, on a phone.
  const shipper = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await login(shipper, 'owner@demo.test');
  await shipper.goto('/#/plan');
  await shipper.getByRole('button', { name: 'Choose Starter' }).click();
  const pending = shipper.getByRole('alert').filter({ hasText: 'Payment awaiting confirmation: Starter, ₹70,800.00' });
  await expect(pending).toBeVisible();
  const amounts = pending.getByRole('table', { name: 'Amount to pay' });
  await expect(amounts).toContainText('Plan price₹60,000.00');
  await expect(amounts).toContainText('CGST 9%₹5,400.00');
  await expect(amounts).toContainText('SGST 9%₹5,400.00');
  await expect(amounts).toContainText('Total to pay₹70,800.00');
  await expect(pending).toContainText('001234567890');
  await expect(pending).toContainText('ICIC0004321');
  await expect(pending).toContainText('ICICI Bank');
  const reference = ((await pending.getByText(/^FD-PAY-\d+$/).textContent()) ?? '').trim();
  expect(reference).toMatch(/^FD-PAY-\d+$/);
  expect(await shipper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shipper.screenshot({ path: test.info().outputPath('plan-payment-instructions-360.png'), fullPage: true });

  // The admin confirms it: a dialog asking for the UTR and the amount received.
  await page.goto('/#/admin/payments');
  await page.getByRole('button', { name: `Confirm payment ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm payment' });
  await dialog.getByRole('textbox', { name: 'UTR (bank reference)' }).fill('UTR-1');
  await dialog.getByRole('textbox', { name: 'Amount received (INR)' }).fill('70800');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(dialog.getByText(/^UTR must be 6 to 22 letters and digits/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'UTR (bank reference)' }).fill('ICICR52026120500000042');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('Payment confirmed: the plan is active and its tax invoice issued.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ICICR52026120500000042' })).toBeVisible();

  // The shipper downloads the tax invoice from its plan page.
  await shipper.goto('/#/my-plan');
  const invoice = shipper.getByRole('button', { name: /^Download tax invoice FD\/\d{2}-\d{2}\/\d{4} as PDF$/ }).first();
  await expect(invoice).toBeVisible();
  const number = ((await invoice.textContent()) ?? '').trim();
  const downloading = shipper.waitForEvent('download');
  await invoice.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
