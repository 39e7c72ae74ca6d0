import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { useTestApp } from '../test/harness.ts';
import { disconnected, until, useSockets } from '../test/sockets.ts';
import { drain } from './drain.ts';
import { scheduleJob } from './jobs.ts';

const t = useTestApp({ env: () => ({ SHUTDOWN_GRACE_MS: '1500' }) });
const { socketTo } = useSockets();

/** A sign-in whose body arrives in two halves `pauseMs` apart: `sent` once the first half is out. */
function slowLogin(port: number, pauseMs: number) {
  const body = JSON.stringify({ login: 'owner@demo.test', password: 'Demo@12345' });
  const half = Math.floor(body.length / 2);
  let sent: () => void = () => undefined;
  const firstHalf = new Promise<void>((r) => {
    sent = r;
  });
  const answer = new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
    sent();
    setTimeout(() => req.end(body.slice(half)), pauseMs);
  });
  return { firstHalf, answer };
}

describe('drain on SIGTERM (issue 36)', () => {
  it('answers not ready, finishes the call in flight, refuses new connections, closes its sockets and hands its job back', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const socket = await socketTo(base, await t.login('owner@demo.test'));
    const gone = disconnected(socket);
    let jobStarted = false;
    t.app.deps.jobs.register('drain-probe', async (_payload, job) => {
      jobStarted = true;
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
    });
    await scheduleJob(t.database.db, 'drain-probe', 'drain-probe:1', new Date(Date.now() - 10));
    t.app.deps.jobs.start();
    await until(() => jobStarted, 10_000);

    const inFlight = slowLogin(port, 600);
    await inFlight.firstHalf;
    await new Promise((r) => setTimeout(r, 200));
    const drained = drain(t.app, t.app.deps.config.shutdownGraceMs);
    expect(t.app.lifecycle.draining).toBe(true);
    // New connections are refused (the load balancer retries them on another node).
    let refused = false;
    for (let i = 0; i < 20 && !refused; i++) {
      refused = await fetch(`${base}/api/health/live`).then(
        () => false,
        () => true,
      );
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    expect(await gone).toBe('io server disconnect');
    expect(await inFlight.answer).toBe(200);
    expect(await drained).toBe('finished');
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'drain-probe:1'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  }, 30_000);
});
