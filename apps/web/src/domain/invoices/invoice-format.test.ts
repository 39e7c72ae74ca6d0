import { describe, expect, it } from 'vitest';
import { gstBreakup } from '@freightdesk/shared/testing/invoice-fixtures';
import { decisionText, gstTotal, inr, lineDifference, signedInr } from './invoice-format.ts';

const gst = gstBreakup;

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

describe('the GST of a breakup', () => {
  it('adds the parts up', () => {
    expect(gstTotal(gst({ cgstPaise: 250, sgstPaise: 250 }))).toBe(500);
    expect(gstTotal(gst({ supplierGstin: '24AAAAA0000A1Z5', igstPaise: 500 }))).toBe(500);
  });
});
