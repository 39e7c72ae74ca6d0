import type { PaymentSummary, PaymentSummaryRow } from '@freightdesk/shared/schemas/invoice-views';
import type { DbOrTx } from '../../db/client.ts';
import {
  paymentSummaryRows,
  SUMMARY_ROWS,
  type SummaryFigures,
  type SummaryFilters,
} from '../../repositories/invoice-summary.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

type Raw = SummaryFigures & { carrierLinkId: number; industryId: number; name: string };

function toRow({ d0_30, d31_60, d61_90, d90plus, ...rest }: Raw): PaymentSummaryRow {
  return { ...rest, ageing: { d0_30, d31_60, d61_90, d90plus } };
}

/**
 * The payment summary: per carrier for the shipper (`by: 'carrier'`), per shipper for a carrier's
 * own (`by: 'shipper'`) — billed, approved, disputed, paid, due, overdue, and what is due aged by
 * days since the invoice date (0–30, 31–60, 61–90, 90+). `scope` is the policy's invoice rule, so
 * both sides add up the same invoices and agree.
 */
export async function paymentSummary(
  db: DbOrTx,
  scope: InvoiceRule,
  by: 'carrier' | 'shipper',
  filters: SummaryFilters = {},
): Promise<PaymentSummary> {
  const { rows, all } = await paymentSummaryRows(db, scope, by, filters);
  const list = (rows as Raw[]).map((r) => toRow(r));
  const { carrierLinkId: _l, industryId: _i, name: _n, ...totals } = toRow(all as Raw);
  return { rows: list, totals, more: list.length === SUMMARY_ROWS, asOf: new Date().toISOString() };
}
