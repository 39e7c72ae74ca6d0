import { describe, expect, it } from 'vitest';
import { confirmPaymentBodySchema, planGst, platformBillingSchema } from './plan-billing.ts';

const platform = {
  legalName: 'Freightdesk Technologies Private Limited',
  gstin: '27AAACF4321R1ZE',
  pan: 'AAACF4321R',
  address: 'Baner Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  bankAccountName: 'Freightdesk Technologies Pvt Ltd',
  bankAccountNumber: '50200012345678',
  bankIfsc: 'HDFC0000123',
  bankName: 'HDFC Bank',
};
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('GST on plans (issue 33)', () => {
  it('is CGST + SGST at 9% each within the platform’s state, IGST at 18% across, to the paisa', () => {
    expect(planGst(60_000_00, true)).toEqual({
      taxablePaise: 60_000_00,
      cgstPaise: 5_400_00,
      sgstPaise: 5_400_00,
      igstPaise: 0,
      totalPaise: 70_800_00,
    });
    expect(planGst(60_000_00, false)).toEqual({
      taxablePaise: 60_000_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 10_800_00,
      totalPaise: 70_800_00,
    });
    // ₹333.33 at 9%: 2,999.97 paise, rounded to 3,000; at 18% 5,999.94 to 6,000.
    expect(planGst(333_33, true)).toMatchObject({ cgstPaise: 30_00, sgstPaise: 30_00, totalPaise: 393_33 });
    expect(planGst(333_33, false)).toMatchObject({ igstPaise: 60_00, totalPaise: 393_33 });
    // Half a paisa rounds up: 50 paise at 9% is 4.5 paise.
    expect(planGst(50, true)).toMatchObject({ cgstPaise: 5, sgstPaise: 5 });
  });
});

describe('the platform’s bank and tax details', () => {
  it('keeps IFSC and GSTIN upper case and refuses a GSTIN that is not the PAN’s or the state’s', () => {
    expect(platformBillingSchema.parse({ ...platform, bankIfsc: ' hdfc0000123 ', gstin: '27aaacf4321r1ze' })).toMatchObject({
      bankIfsc: 'HDFC0000123',
      gstin: '27AAACF4321R1ZE',
    });
    expect(fieldsOf(platformBillingSchema.safeParse({ ...platform, bankIfsc: 'HDFC1000123' }))).toEqual(['bankIfsc']);
    expect(fieldsOf(platformBillingSchema.safeParse({ ...platform, pan: 'AAPFU0939F' }))).toEqual(['gstin']);
    expect(fieldsOf(platformBillingSchema.safeParse({ ...platform, state: 'Gujarat' }))).toEqual(['gstin']);
  });

  it('takes a UTR of 6 to 22 letters and digits', () => {
    expect(confirmPaymentBodySchema.parse({ providerRef: 'sbin626339000111', amountRupees: 1 }).providerRef).toBe('SBIN626339000111');
    for (const bad of ['', 'UTR12', 'UTR-123456', 'A'.repeat(23)]) {
      expect(fieldsOf(confirmPaymentBodySchema.safeParse({ providerRef: bad, amountRupees: 1 }))).toEqual(['providerRef']);
    }
  });
});
