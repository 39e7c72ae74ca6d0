import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { parseOutboundAllow } from './outbound-allow.ts';
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

describe("the operator's allow list (OUTBOUND_ALLOW)", () => {
  const listOf = (value: string) => {
    const parsed = parseOutboundAllow(value);
    if ('problem' in parsed) {
      throw new Error(parsed.problem);
    }
    return parsed.list;
  };

  it('lets an operator endpoint reach an allowed loopback http origin, never a user-typed URL on it', async () => {
    const local = await startServer();
    const other = await startServer();
    const outbound = createOutbound({ operatorAllow: listOf(`${local.origin}, 10.20.0.0/16`) });
    const res = await outbound.operator.request(`${local.origin}/ulip/v1.0.0/user/login`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    expect(local.seen.requests).toBe(1);
    // The same URL through the user door (a push endpoint, a webhook): refused, nothing sent.
    expect(await refusal(outbound.request(`${local.origin}/push`, { method: 'POST' }))).toBe('scheme');
    expect(await refusal(outbound.check(`${local.origin}/push`))).toBe('scheme');
    expect(await refusal(outbound.check(`https://127.0.0.1:${local.port}/push`))).toBe('loopback');
    expect(await refusal(outbound.check('https://10.20.0.5/push'))).toBe('private');
    expect(local.seen.requests).toBe(1);
    // Only that exact origin: another port on the same host is still refused.
    expect(await refusal(outbound.operator.request(`${other.origin}/x`))).toBe('scheme');
    expect(await refusal(outbound.operator.request(`https://127.0.0.1:${other.port}/x`))).toBe('loopback');
    expect(other.seen.connections).toBe(0);
    outbound.close();
  });

  it('says in its refusal that the operator could allow the endpoint', async () => {
    const outbound = createOutbound();
    const err = await outbound.operator.request('http://127.0.0.1:9/x').catch((e: unknown) => e);
    expect((err as Error).message).toBe('must be a public https address or allowed by OUTBOUND_ALLOW: it is not an https URL');
    const user = await outbound.request('http://127.0.0.1:9/x').catch((e: unknown) => e);
    expect((user as Error).message).toBe('must be a public https address: it is not an https URL');
  });

  it('a range lets https reach a host whose every address is in it, checked inside the connection', async () => {
    const local = await startServer();
    const dns = fakeDns({ 'ulip.corp.example': ['127.0.0.1'], 'gsp.corp': ['127.0.0.1'], 'half.corp.example': ['127.0.0.1', '10.0.0.9'] });
    const ranged = createOutbound({ operatorAllow: listOf('127.0.0.0/8'), resolve: dns, connectTimeoutMs: 1000, timeoutMs: 2000 });
    // Let through: the connection is made (the local server speaks no TLS, so the call then fails).
    const err = await ranged.operator.request(`https://ulip.corp.example:${local.port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundFailed);
    expect(local.seen.connections).toBe(1);
    // An intranet name may resolve when ranges are allowed; its addresses must still be in one.
    expect(await ranged.operator.request(`https://gsp.corp:${local.port}/x`).catch((e: unknown) => e)).toBeInstanceOf(OutboundFailed);
    expect(local.seen.connections).toBe(2);
    expect(await refusal(ranged.operator.request(`https://half.corp.example:${local.port}/x`))).toBe('private');
    // Plain http needs the origin itself on the list.
    expect(await refusal(ranged.operator.request(`${local.origin}/x`))).toBe('scheme');
    expect(local.seen.connections).toBe(2);
    // Without the range the same name is refused at the lookup, before any connection.
    const strict = createOutbound({ resolve: dns });
    expect(await refusal(strict.operator.request(`https://ulip.corp.example:${local.port}/x`))).toBe('loopback');
    expect(local.seen.connections).toBe(2);
    ranged.close();
    strict.close();
  });

  it('never reaches a cloud metadata address, whatever the list says', async () => {
    const outbound = createOutbound({
      operatorAllow: listOf('169.254.0.0/16'),
      resolve: fakeDns({ 'meta.corp.example': ['169.254.169.254'], 'link.corp.example': ['169.254.7.7'] }),
    });
    expect(await refusal(outbound.operator.request('https://169.254.169.254/latest/meta-data/'))).toBe('metadata');
    expect(await refusal(outbound.operator.request('https://meta.corp.example/latest/meta-data/'))).toBe('metadata');
    expect(await refusal(outbound.operator.request('https://metadata.google.internal/'))).toBe('metadata');
    outbound.close();
  });

  it('reads its entries strictly', () => {
    const list = listOf(' http://127.0.0.1:9000 , https://ULIP-proxy.corp.example:8443/ ,10.20.0.0/16, fd00:1::/64, 10.0.0.7');
    expect([...list.origins]).toEqual(['http://127.0.0.1:9000', 'https://ulip-proxy.corp.example:8443']);
    expect(list.ranges.map((r) => r.text)).toEqual(['10.20.0.0/16', 'fd00:1::/64', '10.0.0.7']);
    expect(listOf('').origins.size).toBe(0);
    for (const [entry, why] of [
      ['http://127.0.0.1:9000/ulip', /origin only/],
      ['http://user:pw@127.0.0.1:9000', /origin only/],
      ['ftp://127.0.0.1', /http:\/\/ or https:\/\//],
      ['http://169.254.169.254', /cloud metadata/],
      ['0.0.0.0/0', /too wide/],
      ['10.0.0.0/40', /neither an origin/],
      ['ulip-proxy.corp', /neither an origin/],
      ['10.0.0.0/8/1', /neither an origin/],
    ] as const) {
      const parsed = parseOutboundAllow(entry);
      expect('problem' in parsed && parsed.problem, entry).toMatch(why);
    }
  });
});
