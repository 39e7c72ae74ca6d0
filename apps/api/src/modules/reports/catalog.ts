import { registerReport } from '../../lib/export-jobs.ts';
import { bidSummaryReport } from './bid-summary.ts';
import { carrierScorecardReport } from './carrier-scorecard.ts';
import { contractPerformanceReport } from './contract-performance.ts';
import { brsrScope3Report, emissionsReport } from './emissions.ts';
import { ewayComplianceReport } from './eway-compliance.ts';
import { gateTurnaroundReport } from './gate-turnaround.ts';
import { indentFulfilmentReport } from './indent-fulfilment.ts';
import { spendReport } from './spend.ts';
import { type SummaryReport, summaryExport } from './summary.ts';

/** The summary reports of `my-reports`, in the order the page lists them; each also exports. */
export const SUMMARIES: SummaryReport[] = [
  spendReport,
  bidSummaryReport,
  carrierScorecardReport,
  gateTurnaroundReport,
  indentFulfilmentReport,
  contractPerformanceReport,
  ewayComplianceReport,
  emissionsReport,
  brsrScope3Report,
];

for (const def of SUMMARIES) {
  registerReport(summaryExport(def));
}
