import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { login, openMenu, PASSWORD } from './helpers.ts';

// The bank bulk-payment file (issue 12): the carrier keeps the account it is paid to on its
// company profile (a bad IFSC is named; the IFSC is kept upper case); the shipper's finance user
// downloads the file of what is due from the payment summary — or reads why there is none.
test('a carrier adds its bank account; the shipper downloads the bank payment file or reads why not', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // Whether Vayu had an account before: a first one is told to its shippers as added, another as changed.
  const carrierToken = (await (await request.post('/api/auth/login', { data: { login: 'carrier@demo.test', password: PASSWORD } })).json())
    .data.token as string;
  const company = await request.get('/api/carrier/company', { headers: { authorization: `Bearer ${carrierToken}` } });
  const hadAccount = Boolean((await company.json()).data.bankAccount);
  await login(page, 'carrier@demo.test');
  await openMenu(page, 'Company profile');
  const card = page.getByRole('region', { name: 'Bank account for payments' });
  await card.getByRole('textbox', { name: 'Account holder name' }).fill('Vayu Roadlines');
  await card.getByRole('textbox', { name: 'Account number' }).fill('5010 0123 4567 89');
  await card.getByRole('textbox', { name: 'IFSC' }).fill('hdfc1234567');
  await card.getByRole('textbox', { name: 'Bank name' }).fill('HDFC Bank');
  await card.getByRole('button', { name: 'Save bank account' }).click();
  await expect(card.getByText(/^An IFSC is 11 characters/)).toBeVisible();
  await card.getByRole('textbox', { name: 'IFSC' }).fill('hdfc0001234');
  await card.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByText('Bank account saved. Your shippers have been told of the change.')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'IFSC' })).toHaveValue('HDFC0001234');
  await expect(card.getByRole('textbox', { name: 'Account number' })).toHaveValue('50100123456789');
  // Beside it, what shippers deduct from Vayu's freight (issue 33): its PAN and the 194C(6) declaration's form.
  const tds = page.getByRole('region', { name: 'Tax deduction (TDS)' });
  await expect(tds).toContainText(/PAN: [A-Z]{5}\d{4}[A-Z]/);
  await expect(tds.getByRole('textbox', { name: 'Financial year' })).toHaveValue(/^\d{4}-\d{2}$/);
  await page.screenshot({ path: test.info().outputPath('carrier-bank-account.png'), fullPage: true });

  // The shipper: what the API answers for the file is what the page gives (other specs leave
  // invoices due, or none, so the file or the reason depends on the suite's order).
  const token = (await (await request.post('/api/auth/login', { data: { login: 'owner@demo.test', password: PASSWORD } })).json()).data
    .token as string;
  const api = await request.get('/api/invoices/bank-file', { headers: { authorization: `Bearer ${token}` } });
  const shipper = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await login(shipper, 'owner@demo.test');
  await shipper.goto('/#/payment-summary');
  const button = shipper.getByRole('button', { name: 'Bank payment file' });
  if (api.status() === 200) {
    const downloading = shipper.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bank-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text).toBe(await api.text());
    expect(text.split('\r\n')[0]).toContain('"Payment Mode","Beneficiary Name","Beneficiary Account Number","IFSC","Amount"');
  } else {
    expect([400, 409]).toContain(api.status());
    await button.click();
    await expect(shipper.getByText((await api.json()).error.message)).toBeVisible();
  }
  // Told of the change in the notifications.
  const notices = await request.get('/api/notifications?pageSize=25', { headers: { authorization: `Bearer ${token}` } });
  const titles = ((await notices.json()).data as { title: string }[]).map((n) => n.title);
  expect(titles).toContain(hadAccount ? 'Carrier bank account changed' : 'Carrier bank account added');
});
