import { describe, expect, it } from 'vitest';
import type { GstBreakup } from '@freightdesk/shared/schemas/invoice-views';
import { billedInWords, decisionText, gstParts, gstTotal, inr, lineDifference, signedInr } from './invoice-format.ts';

const gst = (over: Partial<GstBreakup>): GstBreakup => ({
  scheme: 'fcm',
  ratePct: 5,
  supplierGstin: '27AAAAA0000A1Z5',
  recipientGstin: '27BBBBB0000B1Z5',
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  reverseCharge: false,
  ...over,
});

describe('money on screen', () => {
  it('groups rupees the Indian way, with the sign of a difference', () => {
    expect(inr(123_456_789)).toBe('₹12,34,567.89');
    expect(signedInr(50_000)).toBe('+₹500.00');
    expect(signedInr(-20_000)).toBe('−₹200.00');
    expect(signedInr(0)).toBe('₹0.00');
  });
  it('differs a line from what the platform expects, when it expects anything', () => {
    expect(lineDifference({ amountPaise: 100_000, expectedPaise: 90_000 })).toBe(10_000);
    expect(lineDifference({ amountPaise: 100_000, expectedPaise: null })).toBeNull();
  });
  it('says the decision on a line', () => {
    expect(decisionText({ decision: 'adjusted', decidedPaise: 90_000 })).toBe('Adjusted to ₹900.00');
    expect(decisionText({ decision: 'pending', decidedPaise: null })).toBe('Not decided yet');
  });
});

describe('the GST parts', () => {
  it('are CGST and SGST at half the rate within one state', () => {
    expect(gstParts(gst({ cgstPaise: 250, sgstPaise: 250 }))).toEqual([
      { label: 'CGST 2.5%', paise: 250 },
      { label: 'SGST 2.5%', paise: 250 },
    ]);
  });
  it('are IGST at the whole rate across states', () => {
    expect(gstParts(gst({ supplierGstin: '24AAAAA0000A1Z5', igstPaise: 500 }))).toEqual([{ label: 'IGST 5%', paise: 500 }]);
  });
  it('count a supplier without a GSTIN as within the recipient’s state, as the API does', () => {
    const rcm = gst({ scheme: 'rcm', supplierGstin: null, cgstPaise: 250, sgstPaise: 250, reverseCharge: true });
    expect(gstParts(rcm).map((p) => p.label)).toEqual(['CGST 2.5%', 'SGST 2.5%']);
    expect(gstTotal(rcm)).toBe(500);
  });
});

describe('the billed total in words', () => {
  it('is the API’s words until an approval changes the amount, then the billed amount spelt here', () => {
    const invoice = { totalInWords: 'Rupees One Thousand Only', totalPaise: 100_000 };
    expect(billedInWords({ ...invoice, approvedPaise: null })).toBe('Rupees One Thousand Only');
    expect(billedInWords({ ...invoice, approvedPaise: 100_000 })).toBe('Rupees One Thousand Only');
    expect(billedInWords({ totalInWords: 'Rupees Nine Hundred Only', totalPaise: 100_000, approvedPaise: 90_000 })).toBe(
      'Rupees One Thousand Only',
    );
  });
});
