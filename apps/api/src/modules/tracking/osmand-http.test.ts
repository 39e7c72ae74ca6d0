import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { usePortServer } from '../../test/port-server.ts';
import { createPortServer, type PortRequest } from './osmand-http.ts';

// The OsmAnd port's HTTP/1.1 framing, against a handler that answers with what it read.
const seen: PortRequest[] = [];
let release: (() => void) | null = null;
const server = createPortServer({ maxHeader: 1024, maxBody: 256, requestTimeoutMs: 600, keepAliveMs: 1500 }, async (req) => {
  seen.push(req);
  if (req.target === '/slow') {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  }
  if (req.target === '/later') {
    // As a position waits for its commit.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (req.target === '/fail') {
    throw new Error('handler failed');
  }
  return {
    status: 200,
    body: req.target === '/' && req.body.length === 0 ? '' : `${req.method} ${req.target} ${req.body.toString('utf8')}`,
  };
});
const listening = usePortServer(server);

/** Sends raw bytes (in pieces, a pause between) and collects everything the server writes until it closes or `until` matches. */
function raw(pieces: string[], until?: RegExp, pauseMs = 20): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(listening(), '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (!done) {
        done = true;
        socket.destroy();
        resolve({ text, closed });
      }
    };
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (until?.test(text)) {
        finish(false);
      }
    });
    socket.on('close', () => finish(true));
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const piece of pieces) {
        socket.write(piece);
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
  });
}

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('the OsmAnd port’s HTTP', () => {
  it('answers Node’s own client: GET, a form POST, keep-alive on one socket, with Date and Content-Length', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, body?: string) =>
      new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        const req = http.request(
          { port: listening(), host: '127.0.0.1', path, method: body === undefined ? 'GET' : 'POST', agent },
          (res) => {
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const first = await get('/?id=a&lat=1');
    expect(first).toMatchObject({ status: 200, body: 'GET /?id=a&lat=1 ' });
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Math.abs(Date.parse(first.headers.date ?? '') - Date.now())).toBeLessThan(5000);
    const empty = await get('/');
    expect(empty).toMatchObject({ status: 200, body: '' });
    expect(empty.headers['content-length']).toBe('0');
    expect(await get('/form', 'id=b&lat=2')).toMatchObject({ status: 200, body: 'POST /form id=b&lat=2' });
    agent.destroy();
  });

  it('reads a request split anywhere, and a chunked body with extensions and trailers', async () => {
    const split = await raw(['PO', 'ST /x HT', 'TP/1.1\r\nHost: a\r\nContent-Le', 'ngth: 5\r\n\r\nab', 'cde'], /abcde$/);
    expect(split.text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nPOST \/x abcde$/);
    const chunked = await raw(
      ['POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n', '2\r\nde\r\n0\r\nX-Trailer: t\r\n\r\n'],
      /abcde$/,
    );
    expect(chunked.text).toMatch(/POST \/c abcde$/);
    const leading = await raw(['\r\n', '\r\nGET /lead HTTP/1.1\r\n\r\n'], /GET \/lead/);
    expect(statuses(leading.text)).toEqual([200]);
  });

  it('answers pipelined requests in order, one at a time', async () => {
    const before = seen.length;
    const pending = raw(
      ['GET /slow HTTP/1.1\r\n\r\nGET /one HTTP/1.1\r\n\r\nPOST /two HTTP/1.1\r\nContent-Length: 1\r\n\r\nz'],
      /POST \/two z/,
    );
    await new Promise((r) => setTimeout(r, 100));
    // The second waits for the first's answer.
    expect(seen.slice(before).map((r) => r.target)).toEqual(['/slow']);
    release?.();
    const { text } = await pending;
    expect(statuses(text)).toEqual([200, 200, 200]);
    expect(text.indexOf('GET /slow')).toBeLessThan(text.indexOf('GET /one'));
    expect(text.indexOf('GET /one')).toBeLessThan(text.indexOf('POST /two'));
  });

  it('closes after the answer for Connection: close and for HTTP/1.0 unless it asks to keep alive', async () => {
    const close = await raw(['GET /a HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expect(close.closed).toBe(true);
    expect(close.text).toMatch(/\r\nConnection: close\r\n/);
    const old = await raw(['GET /b HTTP/1.0\r\n\r\n']);
    expect(old.closed).toBe(true);
    expect(statuses(old.text)).toEqual([200]);
    const kept = await raw(
      ['GET /c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n', 'GET /d HTTP/1.0\r\nConnection: keep-alive\r\n\r\n'],
      /GET \/d/,
    );
    expect(kept.closed).toBe(false);
    expect(kept.text).toMatch(/\r\nConnection: keep-alive\r\n/);
  });

  it('answers a client that sends its request and ends its side at once, then closes', async () => {
    const answer = await new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
      const socket = net.connect(listening(), '127.0.0.1', () => socket.end('GET /later HTTP/1.1\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('latin1');
      });
      socket.on('close', () => resolve({ text, closed: true }));
      socket.on('error', reject);
    });
    expect(statuses(answer.text)).toEqual([200]);
    expect(answer.text).toMatch(/GET \/later $/);
  });

  it('sends 100 Continue to a client that waits for it', async () => {
    const { text } = await raw(['POST /e HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n', 'hi'], /POST \/e hi$/, 60);
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
  });

  it('refuses bad framing with its status and closes: request line, header line, both lengths, conflicting lengths', async () => {
    const cases: [string, number][] = [
      ['HELLO\r\n\r\n', 400],
      ['GET /x HTTP/2.0\r\n\r\n', 400],
      ['GET /x HTTP/1.1\r\nBad Header: 1\r\n\r\n', 400],
      ['GET /x HTTP/1.1\r\nA: 1\r\n folded\r\n\r\n', 400],
      ['POST /x HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
      ['POST /x HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab', 400],
      ['POST /x HTTP/1.1\r\nContent-Length: -1\r\n\r\n', 400],
      ['POST /x HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n', 501],
      ['POST /x HTTP/1.1\r\nExpect: magic\r\n\r\n', 417],
      ['POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400],
    ];
    const before = seen.length;
    for (const [request, status] of cases) {
      const answer = await raw([request]);
      expect([request, statuses(answer.text)]).toEqual([request, [status]]);
      expect(answer.closed).toBe(true);
    }
    expect(seen.length).toBe(before);
  });

  it('refuses oversize headers (431) and bodies, declared or chunked (413), before reading them', async () => {
    const before = seen.length;
    const headers = await raw([`GET /x HTTP/1.1\r\nX-Pad: ${'a'.repeat(2000)}\r\n\r\n`]);
    expect(statuses(headers.text)).toEqual([431]);
    const declared = await raw(['POST /x HTTP/1.1\r\nContent-Length: 257\r\n\r\n']);
    expect(statuses(declared.text)).toEqual([413]);
    expect(declared.text).toMatch(/body: at most 256 bytes/);
    const chunked = await raw([
      'POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n',
      `100\r\n${'b'.repeat(256)}\r\n`,
      `1\r\nc\r\n0\r\n\r\n`,
    ]);
    expect(statuses(chunked.text)).toEqual([413]);
    expect(seen.length).toBe(before);
  });

  it('answers 408 to a request that does not arrive in time, and ends an idle keep-alive connection', async () => {
    const slow = await raw(['GET /x HTTP/1.1\r\n']);
    expect(statuses(slow.text)).toEqual([408]);
    expect(slow.closed).toBe(true);
    const started = Date.now();
    const idle = await raw(['GET /y HTTP/1.1\r\n\r\n']);
    expect(statuses(idle.text)).toEqual([200]);
    expect(idle.closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('answers 503 when the handler fails, and the connection serves the next request', async () => {
    const { text } = await raw(['GET /fail HTTP/1.1\r\n\r\nGET /next HTTP/1.1\r\n\r\n'], /GET \/next/);
    expect(statuses(text)).toEqual([503, 200]);
  });
});
