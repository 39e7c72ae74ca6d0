import { describe, expect, it } from 'vitest';
import type { TdsProfile } from '@freightdesk/shared/schemas/tds';
import { certificatePeriod, certificateRate, certificateUse, currentDeclaration, declarationSentence } from './tds-queries.ts';

const profile: TdsProfile = {
  pan: 'AABCV1234K',
  declarations: [
    { financialYear: '2025-26', carriages: 6, declaredOn: '2025-04-10' },
    { financialYear: '2026-27', carriages: 8, declaredOn: '2026-12-05' },
  ],
  certificates: [],
};

describe('the carrier’s TDS card (issue 33)', () => {
  it('finds the declaration of the financial year, April to March in India time', () => {
    expect(currentDeclaration(profile, new Date('2026-12-05T10:00:00Z'))?.financialYear).toBe('2026-27');
    // 31 Mar 2026 23:00 UTC is already 1 April in India.
    expect(currentDeclaration(profile, new Date('2026-03-31T23:00:00Z'))?.financialYear).toBe('2026-27');
    expect(currentDeclaration(profile, new Date('2026-03-31T12:00:00Z'))?.financialYear).toBe('2025-26');
    expect(currentDeclaration(profile, new Date('2027-06-01T12:00:00Z'))).toBeNull();
    expect(currentDeclaration(undefined)).toBeNull();
  });
  it('says the declaration, the rate, period and use as the card shows them', () => {
    expect(declarationSentence({ financialYear: '2026-27', carriages: 8, declaredOn: '2026-12-05' })).toBe(
      'Declared on 05 Dec 2026: 8 goods carriages — shippers deduct no TDS this year',
    );
    expect(declarationSentence({ financialYear: '2026-27', carriages: 1, declaredOn: '2026-12-05' })).toContain(': 1 goods carriage —');
    expect(certificateRate(0.75)).toBe('0.75%');
    expect(certificateRate(1)).toBe('1%');
    expect(certificatePeriod({ validFrom: '2026-04-01', validTo: '2027-03-31' })).toBe('01 Apr 2026 – 31 Mar 2027');
    expect(certificateUse({ limitPaise: 5_00_000_00, usedPaise: 1_20_000_50 })).toBe('Covers ₹5,00,000.00; ₹1,20,000.50 used');
  });
});
