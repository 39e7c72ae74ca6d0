import type { FastifyInstance } from 'fastify';

/**
 * A node's graceful stop (SIGTERM, issue 36), in this order:
 * 1. readiness answers 503 at once, so the load balancer sends nothing new here;
 * 2. the job runner claims nothing more; running jobs may finish within the grace, the rest are
 *    aborted and handed back (pending again at once) for another node;
 * 3. this node's sockets are closed (their clients reconnect through the load balancer to another
 *    node), the server stops accepting connections, and calls in flight finish;
 * 4. keep-alive connections are closed as their calls end; past `graceMs` the ones still open are cut.
 * The caller closes the database afterwards. Answers whether everything finished within the grace.
 */
export async function drain(app: FastifyInstance, graceMs: number): Promise<'finished' | 'cut'> {
  app.lifecycle.draining = true;
  const jobsStopped = app.deps.jobs.stop();
  let cut = false;
  let serverClosed = false;
  app.server.once('close', () => {
    serverClosed = true;
  });
  const force = setTimeout(() => {
    if (serverClosed) {
      return;
    }
    cut = true;
    app.log.warn(`calls still in flight after SHUTDOWN_GRACE_MS (${graceMs} ms): their connections are cut`);
    app.server.closeAllConnections();
  }, graceMs);
  force.unref();
  // A keep-alive connection whose call has just finished would hold the server open until its
  // client lets go: each one is closed as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await Promise.all([app.close(), jobsStopped]);
  } finally {
    clearTimeout(force);
    clearInterval(idle);
  }
  return cut ? 'cut' : 'finished';
}
