import type { FastifyInstance } from 'fastify';
import { ensureRecurringJob } from '../../repositories/tracking-runs.repository.ts';
import { EMISSIONS_JOB } from './emissions-soon.ts';
import { storeFinishedFigures } from './emissions.service.ts';

/** The recurring job that keeps each finished load's figure: every 5 minutes, 200 loads a run until none is left. */
const EVERY_MS = 5 * 60_000;
const BATCH = 200;

export function registerEmissionJobs(app: FastifyInstance): void {
  const { db } = app.deps.database;
  app.deps.jobs.register(
    EMISSIONS_JOB,
    async (_payload, job) => {
      const stored = await storeFinishedFigures(db, BATCH);
      // A full batch means more are waiting: the next run comes at once.
      job.runAgainAt(new Date(Date.now() + (stored === BATCH ? 0 : EVERY_MS)));
    },
    { timeoutMs: 4 * 60_000, maxAttempts: 1000 },
  );
  app.addHook('onReady', async () => {
    await ensureRecurringJob(db, EMISSIONS_JOB, new Date(Date.now() + EVERY_MS));
  });
}
