import { TDS_REMARK, type TdsRule } from '@freightdesk/shared/tds';
import type { DbOrTx } from '../../db/client.ts';
import { csvRecord, safeText } from '../../lib/export.ts';
import { tdsRegister } from '../../repositories/tds.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/** The section a payment's TDS falls under: 194C of the 1961 Act as the 2025 Act numbers it (section 393(1), Table S.No. 6(i)). */
export const TDS_SECTION = '393(1) T6(i) [194C]';

export const TDS_REGISTER_COLUMNS = [
  'Deductee',
  'PAN',
  'Section',
  'Date of payment',
  'Amount paid (without GST)',
  'Amount deducted on',
  'TDS',
  'Rate %',
  'Remark',
  'Certificate',
  'Invoice',
  'UTR',
] as const;

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The TDS register for the 26Q return (issue 33): one row per payment in the caller's invoice
 * scope between two days: payee, PAN ('PANNOTAVBL' without one, as the return wants), section,
 * date, the freight paid, what was deducted on (with earlier sums caught up), TDS, rate and the
 * deductee remark of the return (A certificate, C no PAN, T transporter's declaration, Y below
 * the threshold).
 */
export async function tdsRegisterCsv(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<string> {
  let text = csvRecord([...TDS_REGISTER_COLUMNS]);
  for (const r of await tdsRegister(db, scope, from, to)) {
    text += csvRecord(
      [
        r.payee,
        r.pan ?? 'PANNOTAVBL',
        TDS_SECTION,
        r.paidOn,
        rupees(r.basePaise),
        rupees(r.deductedOnPaise),
        rupees(r.tdsPaise),
        String(r.ratePct),
        TDS_REMARK[r.rule as TdsRule] ?? '',
        r.certificate ?? '',
        r.invoiceNumber,
        r.reference,
      ].map(safeText),
    );
  }
  return text;
}
