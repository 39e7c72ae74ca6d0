import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests, written from RFC 8291 / 8292 independently of lib/push.ts: it
 * hands out subscriptions (a browser's P-256 key pair and auth secret), records every message
 * POSTed to them, and can decrypt the message and verify its VAPID authorization.
 */

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };
export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private side, which only the user agent holds. */
  privateKey: Buffer;
  authSecret: Buffer;
};

export async function startPushService() {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  // Every TCP connection, even one that never becomes an HTTP request (a TLS hello, say).
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    port: (server.address() as AddressInfo).port,
    received,
    connections: () => connections,
    /** What the service answers from now on (201 Created is what push services answer). */
    answer(code: number) {
      status = code;
    },
    subscribe(): TestSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      next += 1;
      return {
        endpoint: `${origin}/push/${next}-${randomBytes(4).toString('hex')}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
        privateKey: ecdh.getPrivateKey(),
        authSecret,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The JSON of PushSubscription.toJSON(), as the browser's app sends it in `{ token }`. */
export const tokenOf = (s: TestSubscription) => JSON.stringify({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });

/** Decrypts an aes128gcm message (RFC 8188 / 8291) with the subscription's private key. */
export function decryptPush(body: Buffer, sub: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) {
    throw new Error('expected a single record');
  }
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const ikm = Buffer.from(
    hkdfSync('sha256', ecdhSecret, sub.authSecret, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]), 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // Strip the padding: trailing zeros, then the last-record delimiter 0x02.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) {
    end -= 1;
  }
  if (padded[end] !== 2) {
    throw new Error('missing the last-record delimiter');
  }
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): an ES256 JWT signed by k, for the
 * endpoint's origin, not expired and at most 24 h ahead. Answers the claims and the key.
 */
export function verifyVapid(header: string | undefined, endpoint: string, now = Date.now()) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) {
    throw new Error(`not a vapid authorization: ${header}`);
  }
  const [h, c, s] = match[1].split('.') as [string, string, string];
  const key = Buffer.from(match[2], 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: key.subarray(1, 33).toString('base64url'), y: key.subarray(33, 65).toString('base64url') };
  const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${h}.${c}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  const header_ = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string };
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  const seconds = now / 1000;
  return {
    valid:
      valid &&
      header_.alg === 'ES256' &&
      claims.aud === new URL(endpoint).origin &&
      claims.exp > seconds &&
      claims.exp <= seconds + 24 * 3600,
    claims,
    publicKey: match[2],
  };
}
