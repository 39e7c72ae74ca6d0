import { gstStateCode } from '@freightdesk/shared/money';
import type { Gstr3bLine } from '@freightdesk/shared/schemas/invoice-views';
import type { DbOrTx } from '../../db/client.ts';
import { reverseChargeDocs, type ReverseChargeRow } from '../../repositories/books.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/** One GSTIN's line of table 3.1(d) of GSTR-3B: inward supplies liable to reverse charge in the month. */
export type ReverseChargeLine = Gstr3bLine;

/** The month's first and last day ('2026-12' → 2026-12-01 … 2026-12-31). */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

function add(line: ReverseChargeLine, r: ReverseChargeRow) {
  const sign = r.kind === 'credit' ? -1 : 1;
  // Within a state CGST and SGST are halves of the tax; across states it is IGST (without the supplier's GSTIN: within).
  const across = gstStateCode(r.supplierGstin ?? r.recipientGstin) !== gstStateCode(r.recipientGstin);
  line.taxablePaise += sign * r.taxablePaise;
  line.igstPaise += across ? sign * r.taxPaise : 0;
  line.cgstPaise += across ? 0 : (sign * r.taxPaise) / 2;
  line.sgstPaise += across ? 0 : (sign * r.taxPaise) / 2;
  line.invoices += r.kind === 'invoice' ? 1 : 0;
  line.notes += r.kind === 'invoice' ? 0 : 1;
}

/**
 * Table 3.1(d) of GSTR-3B for a month (issue 33): per recipient GSTIN (a plant's; each files its own
 * return), the taxable value and IGST, CGST and SGST of the freight on which the shipper pays GST
 * under reverse charge, its invoices at their time of supply less its credit notes (plus debit notes).
 */
export async function reverseChargeSummary(db: DbOrTx, scope: InvoiceRule, month: string): Promise<ReverseChargeLine[]> {
  const { from, to } = monthDays(month);
  const lines = new Map<string, ReverseChargeLine>();
  for (const r of await reverseChargeDocs(db, scope, from, to)) {
    const line = lines.get(r.recipientGstin) ?? {
      gstin: r.recipientGstin,
      taxablePaise: 0,
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
      invoices: 0,
      notes: 0,
    };
    add(line, r);
    lines.set(r.recipientGstin, line);
  }
  return [...lines.values()].sort((a, b) => a.gstin.localeCompare(b.gstin));
}
