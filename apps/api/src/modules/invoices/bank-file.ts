import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  BANK_SHEET_FIELDS,
  type BankSheetField,
  type BooksSettings,
  DEFAULT_BANK_TEMPLATE,
} from '@freightdesk/shared/schemas/column-sheet';
import { columnSheet, type SheetRow } from '../../lib/column-sheet.ts';
import { booksSettings } from '../../repositories/books-settings.repository.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { type BankFileQuery, dueInvoicesQuery } from '../../repositories/invoice-bank-file.repository.ts';
import { tdsPlan } from './tds.service.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/** RBI: RTGS is for ₹2,00,000 and more; below it a payment goes by NEFT. */
export const RTGS_FROM_PAISE = 2_00_000_00;
/** Narrations most banks' bulk uploads take. */
const NARRATION = 30;

/** The built-in layout's headers (docs/finance.md): the common layout of Indian banks' bulk NEFT/RTGS uploads, then the debit account. */
export const BANK_FILE_COLUMNS = DEFAULT_BANK_TEMPLATE.columns.map((c) => BANK_SHEET_FIELDS[c.field]);

type DueRow = {
  number: string;
  due: number;
  industryId: number;
  carrierId: number;
  approvedTaxablePaise: number | null;
  approvedPaise: number | null;
  taxablePaise: number;
  accountName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  email: string | null;
  mobile: string | null;
};

/**
 * What reaches the carriers' banks (issue 33): each invoice's due less the TDS its payment today
 * would carry (tds.service.ts, in the order the invoices are listed, so a year's threshold crossed
 * on the way counts for the ones after it).
 */
async function netOfTds(db: DbOrTx, rows: DueRow[], day: string): Promise<DueRow[]> {
  const byCarrier = new Map<string, DueRow[]>();
  for (const r of rows) {
    const key = `${r.industryId}|${r.carrierId}`;
    byCarrier.set(key, [...(byCarrier.get(key) ?? []), r]);
  }
  const net: DueRow[] = [];
  for (const group of byCarrier.values()) {
    const first = group[0] as DueRow;
    const plan = await tdsPlan(
      db,
      first,
      day,
      group.map((r) => ({ ...r, grossPaise: r.due })),
    );
    net.push(...group.map((r, k) => ({ ...r, due: plan[k]?.netPaise ?? r.due })));
  }
  return net;
}

/**
 * One payment per beneficiary account (issue 33): a carrier's invoices due are paid in one NEFT or
 * RTGS, its amount their sum, its invoice numbers listed (the narrations name the first and how many
 * more, within the banks' 30 characters); the mode follows the sum.
 */
function byBeneficiary(rows: DueRow[]) {
  const payments = new Map<string, DueRow & { numbers: string[] }>();
  for (const r of rows) {
    const key = `${r.ifsc}|${r.accountNumber}`;
    const p = payments.get(key);
    if (p) {
      p.due += r.due;
      p.numbers.push(r.number);
    } else {
      payments.set(key, { ...r, numbers: [r.number] });
    }
  }
  return [...payments.values()];
}

/** Every carrier paid needs its bank account: one without it is named (400 on `carrierLinkId`) rather than left out. */
function requireAccounts(rows: (DueRow & { carrier: string })[]) {
  const unpaid = [...new Set(rows.filter((r) => !r.accountNumber || !r.ifsc || !r.accountName).map((r) => r.carrier))];
  if (unpaid.length) {
    throw badRequest(
      'carrierLinkId',
      `${unpaid.join(', ')} ${unpaid.length === 1 ? 'has' : 'have'} no bank account on ${unpaid.length === 1 ? 'its' : 'their'} profile yet: ask them to add it (Company, in their portal), or choose another carrier.`,
    );
  }
}

type DebitAccount = NonNullable<BooksSettings['debitAccount']>;

/**
 * What is due, net of TDS, per beneficiary: one payment per carrier's account, for the approved
 * invoices with something left to pay (the invoice rule of the policy applies; a carrier or plant
 * narrows it), paid to the bank account the carrier keeps on its profile, by RTGS from ₹2 lakh and
 * NEFT below, valued today (India). A carrier without a bank account is named (400 on
 * `carrierLinkId`) rather than left out silently. Recording the payments stays a separate step.
 */
async function duePayments(db: DbOrTx, scope: InvoiceRule, q: BankFileQuery) {
  const rows = await dueInvoicesQuery(db, scope, q);
  if (!rows.length) {
    throw new AppError(409, 'NOTHING_DUE', 'No approved invoice has anything left to pay.');
  }
  requireAccounts(rows);
  const today = indiaToday();
  return { payments: byBeneficiary(await netOfTds(db, rows, today)), today };
}

type Payment = ReturnType<typeof byBeneficiary>[number];

/** A beneficiary payment's cells by field (the template picks and orders them). */
function paymentRow(p: Payment, day: string, debit: DebitAccount): SheetRow<BankSheetField> {
  const one = p.numbers.length === 1;
  return {
    mode: p.due >= RTGS_FROM_PAISE ? 'RTGS' : 'NEFT',
    debitAccount: debit.accountNumber,
    debitIfsc: debit.ifsc,
    debitName: debit.accountName,
    beneficiaryName: p.accountName ?? '',
    beneficiaryAccount: p.accountNumber ?? '',
    ifsc: p.ifsc ?? '',
    amount: (p.due / 100).toFixed(2),
    paymentDate: day,
    narration: (one ? `FREIGHT ${p.numbers[0]}` : `FREIGHT ${p.numbers.length} INVOICES`).slice(0, NARRATION),
    beneficiaryNarration: (one ? `INV ${p.numbers[0]}` : `INV ${p.numbers[0]} +${p.numbers.length - 1}`).slice(0, NARRATION),
    invoiceNumbers: p.numbers.join(' '),
    email: p.email ?? '',
    mobile: p.mobile ?? '',
  };
}

/**
 * The bank bulk-payment file (issue 33): what is due, net of TDS, one row per beneficiary, debited
 * from the shipper's own debit account, in the columns of its bank template (or the built-in layout).
 * Without a debit account it is 400 on `debitAccount` rather than a file the bank would refuse.
 */
export async function bankFile(db: DbOrTx, scope: InvoiceRule, industryId: number, q: BankFileQuery): Promise<string> {
  const { payments, today } = await duePayments(db, scope, q);
  const settings = await booksSettings(db, industryId);
  const debit = settings.debitAccount;
  if (!debit) {
    throw badRequest(
      'debitAccount',
      'Set the account the payments are debited from first (Bank and books settings on the payment summary).',
    );
  }
  const template = settings.bankTemplate ?? DEFAULT_BANK_TEMPLATE;
  return columnSheet(
    template,
    BANK_SHEET_FIELDS,
    payments.map((p) => paymentRow(p, today, debit)),
  );
}
