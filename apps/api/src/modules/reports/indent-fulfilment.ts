import { indentsFor } from '../../lib/policy.ts';
import { indentFulfilmentStatements } from '../../repositories/report-indent-fulfilment.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * Indent fulfilment per contracted lane (labelled "origin → destination" as the indents module
 * names it): the indents reporting in the range, the vehicles they asked for, how many the
 * primary carrier and the backups accepted, how many went to spot, the indents cancelled, and
 * the vehicles accepted of those asked (a cancelled indent's vehicles stay asked).
 */
export const indentFulfilmentReport: SummaryReport = {
  name: 'indent-fulfilment',
  description: 'Per contracted lane: indents, vehicles asked, accepted by the primary carrier and by backups, gone to spot, cancelled.',
  dateLabel: 'Reporting Date',
  columns: () => [
    { key: 'lane', label: 'Lane', kind: 'text' },
    { key: 'indents', label: 'Indents', kind: 'count' },
    { key: 'vehiclesAsked', label: 'Vehicles asked', kind: 'count' },
    { key: 'acceptedPrimary', label: 'Accepted by primary', kind: 'count' },
    { key: 'acceptedBackup', label: 'Accepted by backups', kind: 'count' },
    { key: 'spotVehicles', label: 'Went to spot', kind: 'count' },
    { key: 'cancelled', label: 'Indents cancelled', kind: 'count' },
    { key: 'fulfilmentPercent', label: 'Fulfilment %', kind: 'percent' },
  ],
  scope: (viewer) => indentsFor(viewer, 'export'),
  refused: "You need the 'list-indent' permission for this report.",
  ...indentFulfilmentStatements,
};
