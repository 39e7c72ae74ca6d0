import { ordersFor } from '../../lib/policy.ts';
import { GROUP, spendStatements } from '../../repositories/report-spend.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * Spend by month, lane, plant or carrier: the orders placed (not rejected or cancelled) with
 * pickups in the range, their freight (per-tonne orders at their tonnes), and for orders from a
 * request the saving against its target price, beside the spend of those same orders (the target
 * covers only them: comparing it with all the spend would read as overspending).
 */
export const spendReport: SummaryReport = {
  name: 'spend',
  description: 'Freight spend and savings against target, by month, lane, plant or carrier.',
  dateLabel: 'Pickup Date',
  groupBy: ['month', 'lane', 'plant', 'carrier'],
  columns: (p) => [
    { key: 'label', label: GROUP[p.groupBy ?? 'month'].label, kind: 'text' },
    { key: 'orders', label: 'Orders', kind: 'count' },
    { key: 'tonnes', label: 'Tonnes', kind: 'tonnes' },
    { key: 'spendRupees', label: 'Spend (₹)', kind: 'rupees' },
    // Like with like (issue 33): the target covers only orders from a request with a target price.
    { key: 'targetedSpendRupees', label: 'Spend with a target (₹)', kind: 'rupees' },
    { key: 'targetRupees', label: 'Target (₹)', kind: 'rupees' },
    { key: 'savingRupees', label: 'Saving (₹)', kind: 'rupees' },
    { key: 'savingPercent', label: 'Saving %', kind: 'percent' },
    { key: 'averageRupees', label: 'Average per order (₹)', kind: 'rupees' },
  ],
  scope: (viewer, p) => ordersFor(viewer, 'export', p.direction),
  refused: 'You need the order list permission for this report.',
  ...spendStatements,
};
