import { isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../db/client.ts';
import { releaseAttempts, reserveAttempt, throttleRows } from '../repositories/login-throttle.repository.ts';

export { clearAttempts, releaseAttempts } from '../repositories/login-throttle.repository.ts';

/**
 * A limit on attempts under one key: `limit` attempts within `windowSeconds`. Reaching the limit
 * locks the key for `firstLockSeconds`; every attempt let through after a lock doubles the next
 * lock, up to the window (OWASP's progressive delay). A key left alone for a window starts over.
 */
export type AttemptRule = { limit: number; windowSeconds: number; firstLockSeconds: number };
export type AttemptKey = { key: string; rule: AttemptRule };

/**
 * Login limits. Tight per account and client, so an attacker's guesses lock the attacker's client
 * only; looser per account, which stops guessing spread over many clients but lets the real user in
 * until then; per client across accounts, against password spraying (offices share an address).
 */
export const LOGIN_LIMITS = {
  accountClient: { limit: 5, windowSeconds: 15 * 60, firstLockSeconds: 60 },
  account: { limit: 20, windowSeconds: 60 * 60, firstLockSeconds: 5 * 60 },
  client: { limit: 100, windowSeconds: 15 * 60, firstLockSeconds: 60 },
} as const satisfies Record<string, AttemptRule>;

/** Forgot-password limits: mails per account (the inbox owner's peace), requests per client. */
export const RESET_LIMITS = {
  account: { limit: 3, windowSeconds: 60 * 60, firstLockSeconds: 60 * 60 },
  client: { limit: 10, windowSeconds: 60 * 60, firstLockSeconds: 60 * 60 },
} as const satisfies Record<string, AttemptRule>;

/** The seconds a key stays locked after its `failures`-th attempt (0 below the limit). */
export function lockSeconds(rule: AttemptRule, failures: number): number {
  if (failures < rule.limit) {
    return 0;
  }
  return Math.min(rule.windowSeconds, rule.firstLockSeconds * 2 ** Math.min(failures - rule.limit, 30));
}

/**
 * One client as a key: an IPv4 address, or the /64 of an IPv6 address (one subscriber usually
 * holds a whole /64, so single IPv6 addresses would give an attacker endless fresh keys).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) {
    return mapped;
  }
  if (isIPv4(ip) || !isIPv6(ip)) {
    return ip;
  }
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Reserves one attempt on every key before the guarded work (a password check, a mail). Each key
 * is one `insert … on conflict do update` that counts the attempt only while the key is not
 * locked; the row lock makes parallel attempts queue, so no more than the limit ever get through.
 * Keys are taken one statement at a time (no transaction holding a connection while it waits);
 * when a key refuses, the counts already taken are given back, so a refused attempt costs no other
 * key anything (a locked attacker cannot run up the account's count). Answers undefined when the
 * attempt may go on, else the seconds until the longest lock among the keys ends.
 */
export async function reserveAttempts(db: Db, keys: AttemptKey[]): Promise<number | undefined> {
  const counted: string[] = [];
  for (const key of keys) {
    if (!(await reserveAttempt(db, key))) {
      if (counted.length > 0) {
        await releaseAttempts(db, counted);
      }
      return retryAfterSeconds(db, keys);
    }
    counted.push(key.key);
  }
  return undefined;
}

async function retryAfterSeconds(db: Db, keys: AttemptKey[]): Promise<number> {
  const rows = await throttleRows(
    db,
    keys.map((k) => k.key),
  );
  let wait = 1;
  for (const row of rows) {
    const rule = keys.find((k) => k.key === row.key)?.rule;
    if (rule) {
      wait = Math.max(wait, Math.ceil(lockSeconds(rule, row.failures) - Number(row.age)));
    }
  }
  return wait;
}

/** "Please try again in N minutes." */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
