import net from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usePortServer } from '../../test/port-server.ts';
import { createPortServer } from './osmand-http.ts';

// The OsmAnd port's framing against generated traffic: pieces of real requests, garbage and
// edge cases, cut anywhere. Whatever arrives, the server answers only well-formed HTTP/1.1 with a
// status it knows, answers each request it accepted exactly once, never crashes, and keeps
// serving the next connection.
let handled = 0;
const server = createPortServer({ maxHeader: 512, maxBody: 128, requestTimeoutMs: 300, keepAliveMs: 500 }, async (req) => {
  handled++;
  return { status: 200, body: req.method === 'POST' && req.body.length ? 'got it' : '' };
});
const listening = usePortServer(server);

const KNOWN = new Set([100, 200, 400, 405, 408, 413, 417, 431, 501, 503]);

/** Sends the pieces, then ends its side; collects what comes back until the server closes. */
function exchange(pieces: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(listening(), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, 2000);
    socket.on('data', (d) => {
      text += d.toString('latin1');
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', (err) => {
      // The server may close on a refusal while the client still writes.
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || (err as NodeJS.ErrnoException).code === 'EPIPE') {
        return;
      }
      reject(err);
    });
    socket.on('connect', async () => {
      for (const piece of pieces) {
        if (socket.destroyed) {
          return;
        }
        socket.write(piece, 'latin1');
        await new Promise((r) => setImmediate(r));
      }
      socket.end();
    });
  });
}

/** A request as clients send it, now and then malformed: its line, headers and body. */
const request = fc
  .record({
    line: fc.constantFrom(
      'GET /?id=PHONE-1&lat=19.1&lon=73.2 HTTP/1.1',
      'POST / HTTP/1.1',
      'POST /?id=a HTTP/1.0',
      'GET / HTTP/2.0',
      'HELLO',
    ),
    headers: fc.array(
      fc.constantFrom(
        'Host: x',
        'Content-Length: 5',
        'Content-Length: 999',
        'Content-Length: -3',
        'Transfer-Encoding: chunked',
        'Transfer-Encoding: gzip',
        'Connection: close',
        'Connection: keep-alive',
        'Expect: 100-continue',
        ' folded',
        'Bad Header: 1',
        `X-Pad: ${'p'.repeat(600)}`,
      ),
      { maxLength: 4 },
    ),
    body: fc.constantFrom('', 'hello', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\n', 'x'.repeat(200)),
    garbage: fc.option(fc.string({ maxLength: 20 }), { freq: 5 }),
  })
  .map(({ line, headers, body, garbage }) => `${garbage ?? ''}${line}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n${body}`);

/** A connection's traffic: a few requests back to back, cut into pieces anywhere. */
const traffic = fc
  .tuple(fc.array(request, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 6 }))
  .map(([requests, cuts]) => {
    const text = requests.join('');
    const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
    return [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length)).filter((p) => p.length > 0);
  });

describe('the OsmAnd port’s HTTP under generated traffic', () => {
  it('answers only well-formed HTTP/1.1 with statuses it knows, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(traffic, async (pieces) => {
        const before = handled;
        const text = await exchange(pieces);
        const lines = [...text.matchAll(/HTTP\/1\.1 (\d{3}) [^\r\n]*\r\n/g)];
        for (const [, status] of lines) {
          expect(KNOWN.has(Number(status))).toBe(true);
        }
        // Every request the handler took got its own 200.
        const oks = lines.filter(([, status]) => status === '200').length;
        expect(oks).toBe(handled - before);
        // Nothing but answers: each starts with a status line.
        if (text.length) {
          expect(text.startsWith('HTTP/1.1 ')).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // The port still serves a well-behaved client.
    const ok = await exchange(['GET /?id=after HTTP/1.1\r\n\r\n']);
    expect(ok).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  }, 120_000);
});
