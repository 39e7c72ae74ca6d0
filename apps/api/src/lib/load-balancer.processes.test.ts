import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, driveLoad } from '../test/bid-load.ts';
import { TEST_DB_KIND, testRedisUrl } from '../test/harness.ts';
import { type Cluster, call, login, startCluster } from '../test/lb-cluster.ts';
import { driveIngest, type Fix, openRequest, pdf, slowUpload, trackedOrder } from '../test/lb-freight.ts';
import { collect, follow, until, useSockets } from '../test/sockets.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';

/**
 * N stateless API nodes behind a real load balancer (issue 36): HAProxy (round robin, readiness
 * health check, no sticky sessions) in front of two API processes on one PostgreSQL database and
 * Redis. Runs in the PostgreSQL pass (CI), where a missing HAProxy, database or Redis fails it.
 */
const enabled = TEST_DB_KIND === 'postgres';
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-lb-'));
/** Where the nodes keep files: an S3 bucket (s3rver, started below), so a POD sent to one node is read by the other. */
let s3: TestS3Server | undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const { socketTo, closeAll } = useSockets();
const mails: string[] = [];
let smtp: SMTPServer | undefined;
let cluster: Cluster;
let owner = '';
let carriers: string[] = [];
let order = { orderId: 0, identifier: '' };

async function startSmtp(): Promise<string> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        mails.push(data);
        callback();
      });
    },
  });
  const server = smtp;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  if (!enabled) {
    return;
  }
  const smtpUrl = await startSmtp();
  const env = { SMTP_URL: smtpUrl, SHUTDOWN_GRACE_MS: '8000' };
  s3 = await startS3Server('freightdesk-lb');
  const storeEnv = { DATA_DIR: dataDir, ...s3.env };
  cluster = await startCluster({ adminUrl: process.env.TEST_DATABASE_URL ?? '', redisUrl: testRedisUrl() ?? '', storeEnv, env });
  const lb = cluster.haproxy.base;
  owner = await login(lb, 'owner@demo.test');
  carriers = [await login(lb, 'carrier@demo.test'), await login(lb, 'carrier2@demo.test')];
  order = await trackedOrder(lb, owner, carriers[0] ?? '', cluster.direct);
}, 180_000);

afterAll(async () => {
  closeAll();
  await cluster?.stop();
  await s3?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const okCall = (c: Call) => c.status === (c.kind === 'bid' ? 201 : 200);
const show = (list: Call[]) => list.slice(0, 5).map((c) => `${c.kind} ${c.status} ${c.code}`);

/** Every bid answered 201 is stored with its amount, once. */
async function expectBidsKept(requestId: number, calls: Call[]) {
  const acked = calls.filter((c) => c.kind === 'bid' && c.status === 201);
  expect(acked.length).toBeGreaterThanOrEqual(50);
  const stored = await cluster.direct.query<{ key: string; amount: string; n: number }>(
    `select v.idempotency_key as key, v.amount_paise::text as amount, count(*) over (partition by v.idempotency_key)::int as n
     from bid_revisions v join bids b on b.id = v.bid_id where b.request_id = $1`,
    [requestId],
  );
  const byKey = new Map(stored.rows.map((r) => [r.key, r]));
  const lost = acked.filter((c) => byKey.get(c.key ?? '')?.amount !== String(c.amountPaise));
  expect(
    lost.map((c) => `${c.key} ${c.amountPaise}`),
    'acknowledged bids missing',
  ).toEqual([]);
  expect(
    stored.rows.filter((r) => r.n > 1).map((r) => r.key),
    'bids stored twice',
  ).toEqual([]);
}

describe.skipIf(!enabled)('two API nodes behind HAProxy (PostgreSQL, Redis)', () => {
  it('journey: signed in through HAProxy, a POD uploaded through node A downloads through node B', async () => {
    const file = pdf(200_000);
    const url = `/api/orders/outbound/${order.orderId}/documents`;
    const up = slowUpload(cluster.base('a'), url, owner, file, { kind: 'pod', pauseMs: 0, chunks: 4 });
    const answer = await up.answer;
    expect(answer.status, answer.body).toBe(201);
    const doc = (JSON.parse(answer.body) as { data: { id: number } }).data;
    for (const base of [cluster.base('b'), cluster.haproxy.base]) {
      const down = await fetch(`${base}${url}/${doc.id}/download`, { headers: { authorization: `Bearer ${owner}` } });
      expect(down.status).toBe(200);
      expect(Buffer.from(await down.arrayBuffer()).equals(file)).toBe(true);
    }
    const listed = await call<{ id: number }[]>(cluster.haproxy.base, 'GET', url, owner);
    expect(listed.map((d) => d.id)).toContain(doc.id);
    // The bytes are in the bucket: no node keeps a file on its own disk.
    const files = path.join(dataDir, 'files');
    const onDisk = existsSync(files) ? readdirSync(files, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
    expect(onDisk.map((e) => e.name)).toEqual([]);
  }, 60_000);

  it('runs each of 120 jobs once with both nodes claiming (mail.send through SMTP)', async () => {
    const subjects = Array.from({ length: 120 }, (_, i) => `lb-job-${i}`);
    await cluster.direct.query(
      `with m as (insert into outbox ("to", subject, text, transport)
         select 'ops@demo.test', s, 'one job, one mail', 'smtp' from unnest($1::text[]) s returning id)
       insert into jobs (kind, key, run_at, payload) select 'mail.send', 'mail.send:' || id, now(), jsonb_build_object('outboxId', id) from m`,
      [subjects],
    );
    const sentOf = (s: string) => mails.filter((m) => m.includes(`Subject: ${s}\r\n`)).length;
    await until(() => subjects.every((s) => sentOf(s) > 0), 60_000);
    await sleep(1000);
    expect(subjects.filter((s) => sentOf(s) !== 1)).toEqual([]);
  }, 90_000);

  it('refuses to start a node whose local file folder is not declared shared', async () => {
    const refused = cluster.extraNode({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fd-lb-alone-')), FILE_STORE_SHARED: 'false' });
    await expect(refused).rejects.toThrow(/exited with 2[\s\S]*FILE_STORE_SHARED=true/);
  }, 60_000);

  it('SIGKILL of a node during a bid storm and an ingest run: no acknowledged write lost, the survivor serves all, sockets reconnect', async () => {
    const lb = cluster.haproxy.base;
    const requestId = await openRequest(lb, owner);
    const sockets: Socket[] = [];
    const following = new Map<Socket, boolean>();
    let reconnects = 0;
    for (let i = 0; i < 6; i++) {
      const s = await socketTo(lb, owner, { reconnection: true, reconnectionDelay: 100, reconnectionDelayMax: 500 });
      // Connected again (after its node went away): it follows the request again, as the web app does.
      s.on('disconnect', () => following.set(s, false));
      s.on('connect', () => {
        reconnects++;
        void follow(s, requestId).then((ok) => following.set(s, ok));
      });
      following.set(s, await follow(s, requestId));
      sockets.push(s);
    }
    expect([...following.values()]).toEqual([true, true, true, true, true, true]);
    const calls: Call[] = [];
    const fixes: Fix[] = [];
    const stopBids = driveLoad({ base: lb, requestId, tokens: carriers, keyPrefix: `lb-kill-${requestId}` }, calls);
    const stopIngest = driveIngest(cluster.haproxy.trackingPort ?? 0, order.identifier, fixes);
    await sleep(3000);
    const killedAt = performance.now();
    cluster.proc('a').child.kill('SIGKILL');
    await sleep(5000);
    await stopBids();
    await stopIngest();

    // Once the killed node's calls in flight are over, every call is served (the survivor, or a retry on it).
    const later = calls.filter((c) => c.start > killedAt + 1000);
    expect(later.length).toBeGreaterThanOrEqual(50);
    expect(show(later.filter((c) => !okCall(c))), 'calls after the kill').toEqual([]);
    await expectBidsKept(requestId, calls);
    const acked = fixes.filter((f) => f.status === 200);
    expect(acked.length).toBeGreaterThanOrEqual(30);
    const stored = await cluster.direct.query<{ at: Date }>('select fix_time as at from positions where order_id = $1', [order.orderId]);
    const storedAt = new Set(stored.rows.map((r) => new Date(r.at).getTime()));
    expect(
      acked.filter((f) => !storedAt.has(f.at.getTime())).map((f) => f.at.toISOString()),
      'acknowledged positions missing',
    ).toEqual([]);

    // The killed node's sockets came back through HAProxy (to the survivor) and follow the request again.
    await until(() => sockets.every((s) => s.connected && following.get(s) === true), 10_000);
    expect(reconnects).toBeGreaterThanOrEqual(1);
    const events = sockets.map((s) => collect<{ requestId: number }>(s, 'request:bids'));
    await call(lb, 'POST', `/api/carrier/requests/${requestId}/bids`, carriers[0], { amountRupees: 1000, vehicles: 1 });
    await until(() => events.every((e) => e.some((x) => x.requestId === requestId)), 10_000);
  }, 120_000);

  it('SIGTERM: the node drains, calls in flight finish and calls through HAProxy keep succeeding', async () => {
    await cluster.restart('a');
    const lb = cluster.haproxy.base;
    // HAProxy takes node A back after two good readiness checks.
    await sleep(2500);
    const requestId = await openRequest(lb, owner);
    const calls: Call[] = [];
    const stopBids = driveLoad({ base: lb, requestId, tokens: carriers, keyPrefix: `lb-term-${requestId}` }, calls);
    await sleep(1000);
    const file = pdf(300_000);
    const url = `/api/orders/outbound/${order.orderId}/documents`;
    const upload = slowUpload(cluster.base('a'), url, owner, file, { kind: 'pod', pauseMs: 250, chunks: 8 });
    await upload.started;
    // The call is under way on node A (its head read, its file arriving) when the SIGTERM comes.
    await sleep(400);
    const a = cluster.proc('a');
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', (code) => resolve(code)));
    a.child.kill('SIGTERM');
    const answer = await upload.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(await exited).toBe(0);
    await sleep(1000);
    await stopBids();
    expect(show(calls.filter((c) => !okCall(c))), 'calls through HAProxy while node A drained').toEqual([]);
    await expectBidsKept(requestId, calls);
    const doc = (JSON.parse(answer.body) as { data: { id: number } }).data;
    const down = await fetch(`${cluster.base('b')}${url}/${doc.id}/download`, { headers: { authorization: `Bearer ${owner}` } });
    expect(Buffer.from(await down.arrayBuffer()).equals(file)).toBe(true);
  }, 120_000);
});
