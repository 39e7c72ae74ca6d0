import { describe, expect, it } from 'vitest';
import { clientKey, LOGIN_LIMITS, lockSeconds } from './login-throttle.ts';

describe('attempt limits', () => {
  it('locks from the limit on, doubling up to the window', () => {
    const rule = LOGIN_LIMITS.accountClient;
    expect(lockSeconds(rule, rule.limit - 1)).toBe(0);
    expect([5, 6, 7, 8, 9, 10, 500].map((f) => lockSeconds(rule, f))).toEqual([60, 120, 240, 480, 900, 900, 900]);
  });

  it('keys an IPv4 client by its address and an IPv6 client by its /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
