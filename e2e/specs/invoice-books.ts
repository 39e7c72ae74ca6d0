import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ApiUser } from './shipper-api.ts';

/**
 * The shipper's books and bank checks of the invoice journey (e2e 27): the Tally file and the
 * ledger CSV carry the invoice's figures and balance, and the bank payment file pays each carrier
 * net of TDS from the debit account the shipper sets.
 */

/** A figure as the summary and payment tables show it (₹1,234.50 (2%)) as the files write it (1234.50). */
export const rupees = (cell: string | undefined) => (cell ?? '').replace(/[₹,]|\s*\(.*\)/g, '');

/** A CSV whose every field is quoted, as rows of cells. */
const csvRows = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((l) => l.slice(1, -1).split('","'));

/** The ledger CSV of the books period: the invoice, the credit note and the TDS as the Tally file has them, every voucher balanced. */
export async function checkLedger(page: Page, number: string, tds: string) {
  const file = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ledger CSV' }).click();
  const [head, ...postings] = csvRows(await readFile((await (await file).path()) ?? '', 'utf8'));
  expect(head?.slice(0, 7)).toEqual(['Voucher Date', 'Voucher Type', 'Voucher Number', 'Reference', 'Ledger', 'Debit', 'Credit']);
  const posting = (type: string, ledger: string) => postings.find((r) => r[1] === type && r[3] === number && r[4] === ledger);
  expect(posting('Purchase', 'Vayu Roadlines')?.[6]).toBe('108100.00');
  expect(posting('Debit Note', 'Vayu Roadlines')?.[5]).toBe('2700.00');
  expect(posting('Journal', 'TDS Payable - 194C')?.[6]).toBe(tds);
  const sums = new Map<string, number>();
  for (const r of postings) {
    const key = `${r[1]} ${r[2]}`;
    sums.set(key, (sums.get(key) ?? 0) + Math.round(Number(r[5] || 0) * 100) - Math.round(Number(r[6] || 0) * 100));
  }
  expect([...sums.values()].every((n) => n === 0)).toBe(true);
}

/**
 * What the bank file should pay for the invoices it lists: each one's due less the TDS a payment of
 * it today carries, as the payment dialog's preview works it out (`…/payments/preview`), in paise.
 */
async function netOfTds(owner: ApiUser, numbers: string[]): Promise<number> {
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  let net = 0;
  for (const n of numbers) {
    const [invoice] = await owner.get<{ id: number; number: string; duePaise: number }[]>(`/api/invoices?search=${encodeURIComponent(n)}`);
    expect(invoice?.number).toBe(n);
    const preview = await owner.post<{ netPaise: number }>(
      `/api/invoices/${invoice?.id}/payments/preview`,
      { amountRupees: (invoice?.duePaise ?? 0) / 100, paidOn: today },
      200,
    );
    net += preview.netPaise;
  }
  return net;
}

/** The shipper's debit account, set in "Bank and books settings" at 360 px (a bad number refused first). */
export async function setDebitAccount(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'Bank and books settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bank and books settings' });
  const debit = dialog.getByRole('region', { name: 'Debit account' });
  await debit.getByRole('textbox', { name: 'Account name' }).fill('Demo Industries Ltd');
  await debit.getByRole('textbox', { name: 'Account number' }).fill('12');
  await debit.getByRole('textbox', { name: 'IFSC' }).fill('icic0000004');
  await debit.getByRole('button', { name: 'Save debit account' }).click();
  await expect(debit.getByText('An account number is 9 to 18 digits')).toBeVisible();
  await debit.getByRole('textbox', { name: 'Account number' }).fill('0004 0501 2345');
  await debit.getByRole('button', { name: 'Save debit account' }).click();
  await expect(page.getByText('Debit account saved.')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Bank payment file columns' }).getByRole('button', { name: 'Add column' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('books-settings-360.png'), fullPage: true });
  expect(await dialog.evaluate((d) => d.scrollWidth <= window.innerWidth)).toBe(true);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The Tally file carries exactly the invoice, its credit note, the payment's TDS and what reached the bank. */
export async function checkTally(page: Page, number: string, paid: { tds: string; net: string }) {
  const tallyFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Tally file' }).click();
  const xml = await readFile((await (await tallyFile).path()) ?? '', 'utf8');
  const voucher = (type: string, text: string) =>
    [...xml.matchAll(/<VOUCHER VCHTYPE="([^"]+)"[\s\S]*?<\/VOUCHER>/g)].find((m) => m[1] === type && m[0].includes(text))?.[0] ?? '';
  const amountOf = (v: string, ledger: string) =>
    new RegExp(`<LEDGERNAME>${ledger}</LEDGERNAME><ISDEEMEDPOSITIVE>\\w+</ISDEEMEDPOSITIVE><AMOUNT>(-?[\\d.]+)</AMOUNT>`).exec(v)?.[1];
  expect(amountOf(voucher('Purchase', `<VOUCHERNUMBER>${number}</VOUCHERNUMBER>`), 'Vayu Roadlines')).toBe('108100.00');
  expect(amountOf(voucher('Debit Note', `<REFERENCE>${number}</REFERENCE>`), 'Vayu Roadlines')).toBe('-2700.00');
  expect(amountOf(voucher('Journal', `<REFERENCE>${number}</REFERENCE>`), 'TDS Payable - 194C')).toBe(paid.tds);
  expect(amountOf(voucher('Payment', 'SBIN526112400001'), 'Bank')).toBe(paid.net);
}

/**
 * The bank payment file once Vayu added its account (the demo accounts have none; the carrier adds
 * it on its Company page): Vayu's row pays to that account from the shipper's debit account exactly
 * what is due on the invoices it lists less the TDS a payment today carries (2%, the year past
 * ₹1,00,000 with earlier sums caught up), as the payment dialog works it out for each.
 */
export async function checkBankFile(
  page: Page,
  request: APIRequestContext,
  users: { owner: ApiUser; vayu: ApiUser },
  due: { number: string; dueNow: number },
) {
  const account = { accountName: 'Vayu Roadlines', accountNumber: '50200012345678', ifsc: 'HDFC0000123' };
  const added = await request.put('/api/carrier/company/bank-account', {
    headers: { authorization: `Bearer ${users.vayu.token}` },
    data: account,
  });
  expect(added.status(), await added.text()).toBe(200);
  const bankFile = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Bank payment file' }).click();
  const bankRows = csvRows(await readFile((await (await bankFile).path()) ?? '', 'utf8'));
  expect(bankRows[0]?.at(-1)).toBe('Debit Account Number');
  const vayuRow = bankRows.find((r) => r[1] === 'Vayu Roadlines');
  expect(vayuRow?.slice(2, 4)).toEqual(['50200012345678', 'HDFC0000123']);
  expect(vayuRow?.at(-1)).toBe('000405012345');
  const paidNet = Number(vayuRow?.[4]);
  const listed = (vayuRow?.[8] ?? '').split(' ').filter(Boolean);
  expect(listed).toContain(due.number);
  expect(Math.round(paidNet * 100)).toBe(await netOfTds(users.owner, listed));
  expect(paidNet).toBeLessThan(due.dueNow);
}
