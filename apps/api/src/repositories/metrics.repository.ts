import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { rowsOf } from '../db/rows.ts';

export type JobQueueStat = { kind: string; status: 'due' | 'running'; jobs: number; oldestSeconds: number };

/**
 * The job queue as a scrape sees it, per kind: jobs due and not yet taken (with how long the oldest
 * has waited past its time), and jobs running. One indexed read (jobs_due: status, run_at).
 */
export async function jobQueueStats(db: Db): Promise<JobQueueStat[]> {
  const result = await db.execute(sql`
    select ${jobs.kind} as kind,
           case when ${jobs.status} = 'running' then 'running' else 'due' end as status,
           count(*)::int as jobs,
           coalesce(extract(epoch from now() - min(${jobs.runAt})), 0)::float8 as "oldestSeconds"
      from ${jobs}
     where ${jobs.status} = 'running' or (${jobs.status} = 'pending' and ${jobs.runAt} <= now())
     group by 1, 2`);
  return rowsOf<JobQueueStat>(result).map((r) => ({ ...r, jobs: Number(r.jobs), oldestSeconds: Math.max(0, Number(r.oldestSeconds)) }));
}
