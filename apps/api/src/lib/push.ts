import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Outbound } from './outbound.ts';
import { systemKey } from '../repositories/system-keys.repository.ts';

/**
 * Web Push without a vendor SDK: message encryption of RFC 8291 (aes128gcm, RFC 8188) and the
 * VAPID authorization of RFC 8292, with node:crypto and the outbound client.
 */

/** Job kinds: deliver a notify() batch to every subscription; retry one failed send. */
export const PUSH_DELIVER_JOB = 'push.deliver';
export const PUSH_SEND_JOB = 'push.send';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** Sends one encrypted message; answers the push service's HTTP status (throws on network errors). */
export type PushSender = { send: (target: PushTarget, payload: string) => Promise<{ status: number }> };

const RECORD_SIZE = 4096;
/** Push services take at most 4096 bytes of body: header (86) + delimiter (1) + tag (16) leave this. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - 86 - 17;
const JWT_HOURS = 12;
const TTL_SECONDS = 24 * 3600;
const SYSTEM_KEY = 'vapid';

/** A new P-256 key pair in Web Push's form: raw public point (65 bytes) and private scalar (32), base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const d = ecdh.getPrivateKey();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - d.length), d]).toString('base64url') };
}

/**
 * The VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or else generated once and kept in
 * `system_keys`. Every process races to insert its own pair; the first insert wins and all read it.
 */
export function createVapidKeyStore(db: Db, config: Pick<Config, 'vapid' | 'vapidSubject'>): { get: () => Promise<VapidKeys> } {
  let cached: Promise<VapidKeys> | undefined;
  const load = async (): Promise<VapidKeys> => {
    if (config.vapid) {
      return { ...config.vapid, subject: config.vapidSubject };
    }
    const value = await systemKey(db, SYSTEM_KEY, generateVapidKeys);
    return { publicKey: value.publicKey, privateKey: value.privateKey, subject: config.vapidSubject };
  };
  return {
    get() {
      cached ??= load().catch((err: unknown) => {
        cached = undefined;
        throw err;
      });
      return cached;
    },
  };
}

/** RFC 8292: `Authorization: vapid t=<ES256 JWT for the endpoint's origin>, k=<public key>`. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, now = Date.now()): string {
  const json = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${json({ typ: 'JWT', alg: 'ES256' })}.${json({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + JWT_HOURS * 3600,
    sub: keys.subject,
  })}`;
  const pub = Buffer.from(keys.publicKey, 'base64url');
  const key = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33, 65).toString('base64url'),
    },
  });
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/**
 * RFC 8291: encrypts a message for one subscription as a single aes128gcm record. Throws when the
 * subscription's p256dh is not a valid P-256 point.
 */
export function encryptPayload(plaintext: Buffer, target: Pick<PushTarget, 'p256dh' | 'auth'>): Buffer {
  const uaPublic = Buffer.from(target.p256dh, 'base64url');
  const authSecret = Buffer.from(target.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  const ecdhSecret = ecdh.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02 marks the last (only) record; no padding.
  const body = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

/**
 * The default sender: one POST per message to the subscription's endpoint, through the outbound
 * client (public https only, checked at connect; redirects not followed, so a 3xx is a refusal).
 * Throws OutboundRefused when the endpoint now points somewhere it may not.
 */
export function createWebPushSender(
  vapid: { get: () => Promise<VapidKeys> },
  outbound: Outbound,
  opts: { timeoutMs?: number } = {},
): PushSender {
  return {
    async send(target, payload) {
      const bytes = Buffer.from(payload);
      if (bytes.length > MAX_PAYLOAD_BYTES) {
        throw new Error(`push payload of ${bytes.length} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
      }
      const res = await outbound.request(target.endpoint, {
        method: 'POST',
        timeoutMs: opts.timeoutMs,
        // Push services answer a status and a few bytes of text at most.
        maxResponseBytes: 64 * 1024,
        headers: {
          authorization: vapidAuthorization(target.endpoint, await vapid.get()),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(TTL_SECONDS),
          urgency: 'normal',
        },
        body: encryptPayload(bytes, target),
      });
      return { status: res.status };
    },
  };
}
