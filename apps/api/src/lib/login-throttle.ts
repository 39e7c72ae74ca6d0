import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottle } from '../db/schema/auth.ts';
import { tooManyRequests } from './errors.ts';

/** Failed logins allowed per window: per account name tried, and per client IP. */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perIp: 30 } as const;

const keys = (ip: string, login: string) => ({ ip: `ip:${ip}`, account: `account:${login.trim().toLowerCase()}` });

/** Refuses with 429 while either key is over its limit. Same answer whether or not the account exists. */
export async function assertNotThrottled(db: Db, ip: string, login: string): Promise<void> {
  const k = keys(ip, login);
  const rows = await db
    .select({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      retryAfter: sql<number>`ceil(extract(epoch from (${loginThrottle.windowStart} + make_interval(secs => ${THROTTLE.windowSeconds}) - now())))::int`,
    })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [k.ip, k.account]));
  for (const row of rows) {
    const limit = row.key === k.ip ? THROTTLE.perIp : THROTTLE.perAccount;
    if (row.failures >= limit && row.retryAfter > 0) {
      const minutes = Math.ceil(row.retryAfter / 60);
      throw tooManyRequests(row.retryAfter, `Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }
}

/** Counts one failure against both keys, starting a new window where the old one has passed. */
export async function recordFailure(db: Db, ip: string, login: string): Promise<void> {
  const k = keys(ip, login);
  const window = sql`make_interval(secs => ${THROTTLE.windowSeconds})`;
  await db
    .insert(loginThrottle)
    .values([
      { key: k.ip, windowStart: sql`now()` as unknown as Date, failures: 1 },
      { key: k.account, windowStart: sql`now()` as unknown as Date, failures: 1 },
    ])
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStart} + ${window} < now() then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} + ${window} < now() then now() else ${loginThrottle.windowStart} end`,
      },
    });
}

export async function clearAccountFailures(db: Db, login: string): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [keys('', login).account]));
}
