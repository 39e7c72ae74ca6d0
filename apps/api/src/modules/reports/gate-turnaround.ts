import type { ReportColumnView } from '@freightdesk/shared/schemas/report';
import { ordersFor, permissionNeeded } from '../../lib/policy.ts';
import { gateTurnaroundStatements, STRETCHES } from '../../repositories/report-gate-turnaround.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * Gate turnaround by plant: the vehicles gated in on the days of the range (whatever became of the
 * order since), with the average and longest minutes of their wait from reporting to gate in, their
 * stay inside from gate in to gate out, and the turnaround from reporting to gate out. A vehicle not
 * yet out (or that never reported) counts in the vehicles and in the stretches it has. Every figure
 * adds up across plants, so the totals come from the rows (one run over years of orders; a
 * percentile would sort every vehicle's minutes, twice: see
 * docs/decisions/0168-reports-over-years-answer-from-figures-that-add.md).
 */
export const gateTurnaroundReport: SummaryReport = {
  name: 'gate-turnaround',
  description:
    'Vehicles gated in at each plant, with the average and longest minutes waiting (reported to gate in), ' +
    'inside (gate in to gate out) and turnaround (reported to gate out).',
  dateLabel: 'Gate In Date',
  columns: () => [
    { key: 'plant', label: 'Plant', kind: 'text' },
    { key: 'vehicles', label: 'Vehicles gated in', kind: 'count' },
    ...STRETCHES.flatMap((s): ReportColumnView[] => [
      { key: `${s.key}AverageMinutes`, label: `Average ${s.label}`, kind: 'minutes' },
      { key: `${s.key}LongestMinutes`, label: `Longest ${s.label}`, kind: 'minutes' },
    ]),
  ],
  scope: (viewer, p) => ordersFor(viewer, 'export', p.direction),
  refused: permissionNeeded('order', 'export'),
  ...gateTurnaroundStatements,
};
