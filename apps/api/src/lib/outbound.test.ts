import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutbound, OutboundFailed, OutboundRefused, type Resolver } from './outbound.ts';

/** A local HTTP server that counts TCP connections and requests. */
async function startServer(handler: RequestListener = (_req, res) => res.writeHead(200).end('ok')) {
  const seen = { connections: 0, requests: 0 };
  const server: Server = createServer((req, res) => {
    seen.requests += 1;
    handler(req, res);
  });
  server.on('connection', () => {
    seen.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  servers.push(server);
  return { origin: `http://127.0.0.1:${port}`, port, seen };
}
const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** DNS answers by name; a name without one does not resolve. */
const fakeDns = (answers: Record<string, string[]>): Resolver & { calls: string[] } => {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const list = answers[host];
    if (!list) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
};

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundRefused);
  return (err as OutboundRefused).reason;
};

const REFUSED_LITERALS: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['[::1]', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['[::]', 'unspecified'],
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.254', 'shared'],
  ['169.254.1.1', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['[fe80::1]', 'link-local'],
  ['[fc00::1]', 'unique-local'],
  ['[fd12:3456::1]', 'unique-local'],
  ['[fd00:ec2::254]', 'metadata'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['[ff02::1]', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['[2001:db8::1]', 'documentation'],
  ['[2001::1]', 'reserved'],
  ['[100::1]', 'reserved'],
  ['[::ffff:127.0.0.1]', 'loopback'],
  ['[::ffff:7f00:1]', 'loopback'],
  ['[::ffff:10.0.0.1]', 'private'],
  ['[::ffff:169.254.169.254]', 'metadata'],
  ['[::127.0.0.1]', 'loopback'],
  ['[::8.8.8.8]', 'reserved'],
  ['[64:ff9b::10.0.0.1]', 'private'],
  ['[64:ff9b::a9fe:a9fe]', 'metadata'],
  ['[64:ff9b:1::1]', 'reserved'],
  ['[2002:7f00:1::]', 'loopback'],
  ['[2002:c0a8:101::1]', 'private'],
];

describe('check: IP literals', () => {
  const outbound = createOutbound({ resolve: fakeDns({}) });
  it.each(REFUSED_LITERALS)('refuses https://%s/ as %s', async (host, reason) => {
    expect(await refusal(outbound.check(`https://${host}/push`))).toBe(reason);
    expect(await refusal(outbound.request(`https://${host}/push`))).toBe(reason);
  });

  it('allows public unicast literals, also in their mapped and NAT64 forms', async () => {
    for (const host of ['8.8.8.8', '142.250.183.10', '[2a00:1450:4001:82b::200a]', '[::ffff:8.8.8.8]', '[64:ff9b::8.8.8.8]']) {
      await expect(outbound.check(`https://${host}/push`), host).resolves.toBeUndefined();
    }
  });
});

describe('check: names and DNS answers', () => {
  const dns = fakeDns({
    'push.example.com': ['142.250.183.10', '2a00:1450:4001:82b::200a'],
    'ten.example.com': ['10.0.0.5'],
    'mixed.example.com': ['142.250.183.10', '127.0.0.1'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
    'meta.example.com': ['169.254.169.254'],
    'ula.example.com': ['fd00::5'],
    'empty.example.com': [],
  });
  const outbound = createOutbound({ resolve: dns });

  it('allows a name that resolves only to public addresses', async () => {
    await expect(outbound.check('https://push.example.com/send/1')).resolves.toBeUndefined();
    expect(dns.calls).toContain('push.example.com');
  });

  it.each([
    ['https://ten.example.com/', 'private'],
    ['https://mixed.example.com/', 'loopback'],
    ['https://mapped.example.com/', 'loopback'],
    ['https://meta.example.com/', 'metadata'],
    ['https://ula.example.com/', 'unique-local'],
    ['https://empty.example.com/', 'unresolved'],
    ['https://nowhere.example.com/', 'unresolved'],
    ['https://localhost/', 'loopback'],
    ['https://LOCALHOST./', 'loopback'],
    ['https://api.localhost/', 'loopback'],
    ['https://metadata.google.internal/', 'metadata'],
    ['https://metadata.goog/', 'metadata'],
    ['https://metadata/', 'metadata'],
    ['https://intranet/', 'name'],
    ['https://printer.local/', 'name'],
    ['https://db.internal/', 'name'],
    ['http://push.example.com/', 'scheme'],
    ['ftp://push.example.com/', 'scheme'],
    ['https://user:secret@push.example.com/', 'url'],
    ['not a url', 'url'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect(await refusal(outbound.check(url))).toBe(reason);
  });

  it('says what is wrong in its message', async () => {
    const err = await outbound.check('https://10.0.0.5/x').catch((e: unknown) => e);
    expect((err as Error).message).toBe('must be a public https address: it points at a private network address');
  });
});

describe('request', () => {
  it('checks the address it connects to (DNS rebinding): a name that turns to loopback after the check reaches nothing', async () => {
    const local = await startServer();
    let answer = '142.250.183.10';
    const outbound = createOutbound({ resolve: async () => [{ address: answer, family: 4 }] });
    await outbound.check(`https://rebind.example.com:${local.port}/`);
    answer = '127.0.0.1';
    expect(await refusal(outbound.request(`https://rebind.example.com:${local.port}/`, { method: 'POST', body: 'x' }))).toBe('loopback');
    expect(local.seen.connections).toBe(0);
    outbound.close();
  });

  it('refuses loopback without the explicit opt-in, and opens only the origins opted in', async () => {
    const local = await startServer();
    const other = await startServer();
    const strict = createOutbound();
    expect(await refusal(strict.request(`${local.origin}/push`, { method: 'POST' }))).toBe('scheme');
    expect(await refusal(strict.request(`https://127.0.0.1:${local.port}/push`, { method: 'POST' }))).toBe('loopback');
    expect(local.seen.connections).toBe(0);

    const opted = createOutbound({ allowLoopbackOrigins: [local.origin] });
    const res = await opted.request(`${local.origin}/push`, { method: 'POST', body: 'hello' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('ok');
    expect(await refusal(opted.request(`${other.origin}/push`))).toBe('scheme');
    expect(other.seen.connections).toBe(0);
    expect(() => createOutbound({ allowLoopbackOrigins: ['http://10.0.0.1:80'] })).toThrow(/only loopback IP origins/);
    expect(() => createOutbound({ allowLoopbackOrigins: ['http://localhost:80'] })).toThrow(/only loopback IP origins/);
    opted.close();
  });

  it('does not follow a redirect: the 302 is the answer and its target receives nothing', async () => {
    const target = await startServer();
    const redirecting = await startServer((_req, res) => res.writeHead(302, { location: `${target.origin}/stolen` }).end());
    const outbound = createOutbound({ allowLoopbackOrigins: [redirecting.origin, target.origin] });
    const res = await outbound.request(`${redirecting.origin}/push`, { method: 'POST', body: 'secret' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${target.origin}/stolen`);
    expect(redirecting.seen.requests).toBe(1);
    expect(target.seen.connections).toBe(0);
    outbound.close();
  });

  it('gives up on a server that never answers within the time asked', async () => {
    const hanging = await startServer(() => {
      // never answers
    });
    const outbound = createOutbound({ allowLoopbackOrigins: [hanging.origin] });
    const started = Date.now();
    const err = await outbound.request(`${hanging.origin}/slow`, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(hanging.seen.requests).toBe(1);
    outbound.close();
  });

  it('stops reading an answer larger than the cap', async () => {
    const big = await startServer((_req, res) => res.writeHead(200).end(Buffer.alloc(256 * 1024, 1)));
    const outbound = createOutbound({ allowLoopbackOrigins: [big.origin] });
    const err = await outbound.request(`${big.origin}/big`, { maxResponseBytes: 1000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).reason).toBe('too-large');
    expect((await outbound.request(`${big.origin}/big`, { maxResponseBytes: 300 * 1024 })).body.length).toBe(256 * 1024);
    outbound.close();
  });

  it('resolves a public name inside the connection and answers a failure there as OutboundFailed, not a refusal', async () => {
    const dns = fakeDns({ 'push.example.com': ['142.250.183.10'] });
    const outbound = createOutbound({ resolve: dns });
    // Whatever this machine's network does with the address (unreachable, reset, wrong certificate,
    // silence), the call ends within its limits as a failure worth retrying.
    const err = await outbound.request('https://push.example.com:9/x', { connectTimeoutMs: 300, timeoutMs: 600 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundFailed);
    expect(dns.calls).toEqual(['push.example.com']);
    outbound.close();
  });
});
