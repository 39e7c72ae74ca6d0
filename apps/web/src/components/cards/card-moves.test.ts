import { describe, expect, it } from 'vitest';
import { type CardMove, optionText, splitMoves } from './card-moves.ts';

const move = (key: string, danger = false): CardMove => ({ key, label: key, onClick: () => undefined, danger });

describe('splitMoves', () => {
  it('puts the first forward move on the big button and the others in the menu, in order', () => {
    const [assign, reject, change] = [move('assign'), move('reject', true), move('changeVehicle')];
    expect(splitMoves([assign, reject, change])).toEqual({ next: assign, more: [reject, change] });
  });

  it('never makes a refusal the big button while a forward move exists', () => {
    const [reject, report] = [move('reject', true), move('report')];
    expect(splitMoves([reject, report])).toEqual({ next: report, more: [reject] });
  });

  it('offers a refusal when it is the only move, and nothing when there is none', () => {
    const reject = move('reject', true);
    expect(splitMoves([reject])).toEqual({ next: reject, more: [] });
    expect(splitMoves([])).toEqual({ next: null, more: [] });
  });
});

describe('optionText', () => {
  it('adds the count when some wait, and leaves the words alone otherwise', () => {
    expect(optionText('Placed', 3)).toBe('Placed (3)');
    expect(optionText('Placed', 0)).toBe('Placed');
    expect(optionText('All', undefined)).toBe('All');
  });
});
