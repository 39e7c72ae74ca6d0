import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What the code running now works for (issue 36): a call (its request id) or a job (the request id
 * of the call that scheduled it). `scheduleJob` stores the request id with the job it schedules, and
 * a job's log lines carry it, so one id ties a call to every job it started.
 */
type CallContext = { requestId: string; job?: string };

const storage = new AsyncLocalStorage<CallContext>();

/** The request id of the call (or of the job's call) running now; undefined outside both. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` as part of a job that a call with this request id started (null: none did). */
export function runForJob<T>(requestId: string | null, job: string, work: () => T): T {
  return requestId ? storage.run({ requestId, job }, work) : storage.exit(work);
}

/**
 * A job's log fields (pino's mixin): a call's lines already carry `reqId` through the request's
 * logger, so only lines written for a job get it here.
 */
export function jobLogFields(): Record<string, string> {
  const store = storage.getStore();
  return store?.job ? { reqId: store.requestId, job: store.job } : {};
}

/**
 * Every call's handler (and the hooks just before it) run in its context: after the body is read,
 * so the stream's callbacks cannot lose it.
 */
export function trackCalls(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    storage.run({ requestId: request.id }, done);
  });
}
