import type { DbOrTx } from '../../db/client.ts';
import { scheduleJob } from '../../lib/jobs.ts';

/** The recurring job that keeps each finished load's figure (emissions-job.ts registers it). */
export const EMISSIONS_JOB = 'emissions-figures';
const FINISHED = new Set(['arrived', 'delivered', 'closed']);

/**
 * In the transaction of an order's move: a load whose trip has just ended gets its figure at the
 * job's next poll rather than within 5 minutes (the job is due now; it is recurring, one row).
 */
export async function figureSoon(tx: DbOrTx, from: string, to: string): Promise<void> {
  if (FINISHED.has(to) && !FINISHED.has(from)) {
    await scheduleJob(tx, EMISSIONS_JOB, EMISSIONS_JOB, new Date());
  }
}
