import { permissionNeeded, requestsFor } from '../../lib/policy.ts';
import { bidSummaryStatements } from '../../repositories/report-bid-summary.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * Request and bid summary: one row per published request (drafts left out) with its pickup in the
 * range. L1 and target are rates as the request prices them (a trip, or a tonne for per-tonne
 * requests). Awarded is the freight of the orders the award made that still stand (not rejected
 * or cancelled; per-tonne orders at their tonnes); saving is what those orders would have cost at
 * the target price less what they cost (target × vehicles awarded − awarded for trip prices),
 * saving % that saving over the target worth. Without a target there is no saving.
 */
export const bidSummaryReport: SummaryReport = {
  name: 'bid-summary',
  description:
    'Each transport request with the carriers invited, the bids, the lowest bid (L1), the target, the amount awarded and the saving ' +
    'against target: (target − awarded price) on each awarded vehicle that still stands, i.e. target × vehicles awarded − awarded.',
  dateLabel: 'Pickup Date',
  columns: () => [
    { key: 'number', label: 'Request', kind: 'text' },
    { key: 'plant', label: 'Plant', kind: 'text' },
    { key: 'pickupDay', label: 'Pickup Date', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'vehicles', label: 'Vehicles asked', kind: 'count' },
    { key: 'invited', label: 'Carriers invited', kind: 'count' },
    { key: 'bids', label: 'Bids', kind: 'count' },
    { key: 'l1Rupees', label: 'L1 (₹)', kind: 'rupees' },
    { key: 'targetRupees', label: 'Target (₹)', kind: 'rupees' },
    { key: 'awardedVehicles', label: 'Vehicles awarded', kind: 'count' },
    { key: 'awardedRupees', label: 'Awarded (₹)', kind: 'rupees' },
    { key: 'savingRupees', label: 'Saving vs target (₹)', kind: 'rupees' },
    { key: 'savingPercent', label: 'Saving %', kind: 'percent' },
  ],
  scope: (viewer, p) => requestsFor(viewer, 'export', p.direction),
  refused: permissionNeeded('request', 'export'),
  ...bidSummaryStatements,
};
