import { contractsFor } from '../../lib/policy.ts';
import { contractPerformanceStatements } from '../../repositories/report-contract-performance.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * RFQ and contract performance: per contract (number, carrier, status, validity) its lanes, the
 * trips a month it committed to (each lane's expected trips × the carrier's share), and over the
 * indents reporting in the range: the indents offered to the carrier at this contract's rate,
 * vehicles offered and accepted, acceptance %, the orders placed from them and their freight.
 * Contracts valid at some time in the range are listed, with or without indents.
 */
export const contractPerformanceReport: SummaryReport = {
  name: 'contract-performance',
  description: 'Per contract: lanes, committed trips a month, indents and vehicles offered and accepted, orders placed and spend.',
  dateLabel: 'Reporting Date',
  columns: () => [
    { key: 'contract', label: 'Contract', kind: 'text' },
    { key: 'carrier', label: 'Carrier', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'validFrom', label: 'Valid from', kind: 'text' },
    { key: 'validTo', label: 'Valid to', kind: 'text' },
    { key: 'lanes', label: 'Lanes', kind: 'count' },
    { key: 'tripsPerMonth', label: 'Committed trips a month', kind: 'count' },
    { key: 'indentsOffered', label: 'Indents offered', kind: 'count' },
    { key: 'vehiclesOffered', label: 'Vehicles offered', kind: 'count' },
    { key: 'vehiclesAccepted', label: 'Vehicles accepted', kind: 'count' },
    { key: 'acceptancePercent', label: 'Acceptance %', kind: 'percent' },
    { key: 'orders', label: 'Orders placed', kind: 'count' },
    { key: 'spendRupees', label: 'Spend (₹)', kind: 'rupees' },
  ],
  scope: (viewer) => contractsFor(viewer, 'export'),
  refused: "You need the 'list-indent' permission for this report.",
  ...contractPerformanceStatements,
};
