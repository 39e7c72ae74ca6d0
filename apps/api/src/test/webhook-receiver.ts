import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver for the tests (issue 34): a local HTTP server whose every path is one
 * endpoint with its own secret, verifying each message with the `standardwebhooks` package (the
 * specification's own library, not our code). It can be told to fail (answer 500) for a while.
 */
export type Received = {
  path: string;
  id: string;
  type: string;
  orderId: number | null;
  body: string;
  headers: Record<string, string>;
  payload: { type: string; version: number; timestamp: string; data: Record<string, unknown> };
};

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startWebhookReceiver() {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const refused: { path: string; reason: string }[] = [];
  const failing = new Set<string>();
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    const body = await readBody(req);
    if (failing.has(path)) {
      res.writeHead(500, { 'content-type': 'text/plain', 'x-receiver': 'down' }).end('down for maintenance');
      return;
    }
    const headers = Object.fromEntries(HEADERS.map((h) => [h, String(req.headers[h] ?? '')]));
    try {
      const payload = new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(body, headers) as Received['payload'];
      const orderId = typeof payload.data.orderId === 'number' ? payload.data.orderId : null;
      received.push({ path, id: headers['webhook-id'] ?? '', type: payload.type, orderId, body, headers, payload });
      res.writeHead(204).end();
    } catch (err) {
      refused.push({ path, reason: err instanceof Error ? err.message : String(err) });
      res.writeHead(400).end('bad signature');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    /** The secret messages to `path` must verify with. */
    trust: (path: string, secret: string) => secrets.set(path, secret),
    fail: (path: string, on = true) => (on ? failing.add(path) : failing.delete(path)),
    received,
    refused,
    of: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
