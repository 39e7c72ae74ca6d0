import { describe, expect, it } from 'vitest';
import { ewayBillState, ewayCancelRefusal, ewayExtensionRefusal, ewayValidityDays, ewayValidUntil, formatIst } from './eway-bill.ts';

const ist = (s: string) => new Date(`${s}+05:30`);

describe('e-way bill validity (rule 138(10))', () => {
  it('gives one day per 200 km or part of it, 20 km for over-dimensional cargo', () => {
    expect(ewayValidityDays(1)).toBe(1);
    expect(ewayValidityDays(200)).toBe(1);
    expect(ewayValidityDays(201)).toBe(2);
    expect(ewayValidityDays(1000)).toBe(5);
    expect(ewayValidityDays(20, true)).toBe(1);
    expect(ewayValidityDays(21, true)).toBe(2);
    expect(ewayValidityDays(0)).toBe(1);
  });

  it('ends at 23:59:59 IST of the last day, counting the day after generation as the first', () => {
    expect(ewayValidUntil(ist('2026-11-01T10:00:00'), 150).toISOString()).toBe(ist('2026-11-02T23:59:59.999').toISOString());
    expect(ewayValidUntil(ist('2026-11-01T23:30:00'), 150).toISOString()).toBe(ist('2026-11-02T23:59:59.999').toISOString());
    expect(ewayValidUntil(ist('2026-11-01T00:10:00'), 401).toISOString()).toBe(ist('2026-11-04T23:59:59.999').toISOString());
    // 00:10 IST on the 1st is still the 31st in UTC: the IST date counts.
    expect(ewayValidUntil(ist('2026-11-01T00:10:00'), 10).toISOString()).toBe(ist('2026-11-02T23:59:59.999').toISOString());
    expect(ewayValidUntil(ist('2026-12-31T12:00:00'), 100, false).toISOString()).toBe(ist('2027-01-01T23:59:59.999').toISOString());
  });

  it('extends only from 8 hours before to 8 hours after expiry, and cancels only within 24 hours', () => {
    const until = ist('2026-11-02T23:59:59.999');
    expect(ewayExtensionRefusal(until, ist('2026-11-02T15:00:00'))).toMatch(/from 8 hours before/);
    expect(ewayExtensionRefusal(until, ist('2026-11-02T16:00:00'))).toBeUndefined();
    expect(ewayExtensionRefusal(until, ist('2026-11-03T07:59:00'))).toBeUndefined();
    expect(ewayExtensionRefusal(until, ist('2026-11-03T08:01:00'))).toMatch(/generate a new one/);
    expect(ewayCancelRefusal(ist('2026-11-01T10:00:00'), ist('2026-11-02T09:59:00'))).toBeUndefined();
    expect(ewayCancelRefusal(ist('2026-11-01T10:00:00'), ist('2026-11-02T10:01:00'))).toMatch(/within 24 hours/);
  });

  it('writes its times as the one India format: 00:16 is 12:16 am, never 24:16', () => {
    expect(formatIst(ist('2026-12-07T00:16:00'))).toBe('07 Dec 2026, 12:16 am IST');
    expect(formatIst(ist('2026-12-05T23:52:00'))).toBe('05 Dec 2026, 11:52 pm IST');
    expect(ewayCancelRefusal(ist('2026-12-05T23:52:00'), ist('2026-12-07T10:00:00'))).toContain('(until 06 Dec 2026, 11:52 pm IST)');
  });

  it('says valid, expiring within 8 hours, expired or cancelled', () => {
    const until = ist('2026-11-02T23:59:59.999');
    expect(ewayBillState({ status: 'active', validUntil: until }, ist('2026-11-02T10:00:00'))).toBe('valid');
    expect(ewayBillState({ status: 'active', validUntil: until }, ist('2026-11-02T17:00:00'))).toBe('expiring');
    expect(ewayBillState({ status: 'active', validUntil: until }, ist('2026-11-03T00:00:01'))).toBe('expired');
    expect(ewayBillState({ status: 'cancelled', validUntil: until }, ist('2026-11-02T10:00:00'))).toBe('cancelled');
  });
});
