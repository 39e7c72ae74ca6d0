import type { FastifyInstance } from 'fastify';
import {
  healthAnswer,
  healthLiveAnswer,
  healthNotReadyAnswer,
  healthReadyAnswer,
} from '@freightdesk/shared/schemas/answers-masters-account';

type Checks = { database: string; redis: string; storage: string };

/** A check's answer: `ok`, or its failure in a line (never a stack). */
async function checked(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    return `failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`.slice(0, 200);
  }
}

/** What readiness asks of the parts this process needs, all at once. */
async function readiness(app: FastifyInstance): Promise<Checks> {
  const { database, realtime, storage } = app.deps;
  const [db, files] = await Promise.all([checked(() => database.db.execute('select 1')), checked(() => storage.ready())]);
  const redis = realtime.redisState();
  return { database: db, redis: redis === 'down' ? 'failed: not connected' : redis, storage: files };
}

/**
 * Health (issue 36): `/api/health` as before (the database answers); `/api/health/live`, the
 * process answers; `/api/health/ready`, it should get calls: 503 naming the failing part while the
 * database, Redis (when configured) or the file store cannot serve, and while the process drains
 * after SIGTERM.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  const config = { access: 'public' } as const;
  app.get('/api/health', { config, schema: { response: { 200: healthAnswer } } }, async () => {
    await app.deps.database.db.execute('select 1');
    return { status: 'ok' as const, database: app.deps.database.kind };
  });
  app.get('/api/health/live', { config, schema: { response: { 200: healthLiveAnswer } } }, async () => ({ status: 'ok' as const }));
  app.get(
    '/api/health/ready',
    { config, schema: { response: { 200: healthReadyAnswer, 503: healthNotReadyAnswer } } },
    async (_request, reply) => {
      const checks = await readiness(app);
      reply.header('cache-control', 'no-store');
      const failing = Object.entries(checks).filter(([, v]) => v.startsWith('failed'));
      if (app.lifecycle.draining || failing.length) {
        const why = app.lifecycle.draining ? 'This process is shutting down.' : failing.map(([k, v]) => `${k} ${v}`).join('; ');
        return reply.code(503).send({ error: { code: 'NOT_READY', message: why }, checks });
      }
      return { status: 'ready' as const, checks };
    },
  );
}
