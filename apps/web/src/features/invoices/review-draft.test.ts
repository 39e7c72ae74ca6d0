import { describe, expect, it } from 'vitest';
import { checkReview, choicesAfterAnswer, errorsByLine, pendingMatches, reviewBody } from './review-draft.ts';

const lines = [{ id: 11 }, { id: 12 }, { id: 13 }];

describe('the decisions sent', () => {
  it('are the chosen lines only, in the lines’ order, with the amount only when adjusting', () => {
    const body = reviewBody(lines, {
      13: { decision: 'dispute', amountRupees: 5, reason: ' Rate is wrong ' },
      11: { decision: 'adjust', amountRupees: 900.5, reason: 'Contract rate' },
    });
    expect(body).toEqual({
      decisions: [
        { lineId: 11, decision: 'adjust', amountRupees: 900.5, reason: 'Contract rate' },
        { lineId: 13, decision: 'dispute', amountRupees: undefined, reason: 'Rate is wrong' },
      ],
    });
  });
});

describe('checking before sending', () => {
  it('passes approvals without a reason', () => {
    expect(checkReview(reviewBody(lines, { 12: { decision: 'approve', reason: '' } }))).toBeNull();
  });
  it('asks an adjustment for its amount and reason, a dispute for its reason, on their lines', () => {
    const body = reviewBody(lines, { 11: { decision: 'adjust', reason: '' }, 12: { decision: 'dispute', reason: '  ' } });
    const result = checkReview(body);
    expect(result?.form).toBeNull();
    expect(result?.lines[11]).toEqual({ amountRupees: 'Say the adjusted amount', reason: 'Say why you adjust the line' });
    expect(result?.lines[12]).toEqual({ reason: 'Say why you dispute the line' });
  });
  it('says so when no line has a decision', () => {
    expect(checkReview(reviewBody(lines, {}))?.form).toBe('Decide at least one line');
  });
});

describe('the server’s messages', () => {
  it('land on the line the N-th decision was about', () => {
    const body = reviewBody(lines, { 12: { decision: 'approve', reason: '' }, 13: { decision: 'adjust', amountRupees: 1, reason: 'x' } });
    expect(
      errorsByLine(
        { 'decisions.1.amountRupees': 'Too much', 'decisions.0.lineId': 'No such line on the invoice as it stands.', number: 'x' },
        body,
      ),
    ).toEqual({ 12: { line: 'No such line on the invoice as it stands.' }, 13: { amountRupees: 'Too much' } });
  });
});

describe('approve all matching lines', () => {
  it('counts the matching lines nobody decided yet', () => {
    expect(
      pendingMatches([
        { audit: 'match', decision: 'pending' },
        { audit: 'match', decision: 'approved' },
        { audit: 'differs', decision: 'pending' },
        { audit: 'match', decision: 'pending' },
      ]),
    ).toBe(2);
  });
});

describe('the choices left after an answer', () => {
  it('drops those the call went out with and keeps one made or changed while it was on its way', () => {
    const approve = { decision: 'approve', reason: '' } as const;
    const dispute = { decision: 'dispute', reason: '' } as const;
    const adjust = { decision: 'adjust', amountRupees: 900, reason: 'Contract rate' } as const;
    const sent = { 11: approve, 12: dispute };
    // Line 12 was edited (a new object) and line 13 chosen while the call was out.
    const now = { 11: approve, 12: { ...dispute, reason: 'Rate is wrong' }, 13: adjust };
    expect(choicesAfterAnswer(now, sent)).toEqual({ 12: { decision: 'dispute', reason: 'Rate is wrong' }, 13: adjust });
    expect(choicesAfterAnswer(sent, sent)).toEqual({});
    // "Approve all matching" goes out with no choices on screen: one made meanwhile stays.
    expect(choicesAfterAnswer({ 13: dispute }, {})).toEqual({ 13: dispute });
  });
});
