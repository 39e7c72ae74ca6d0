import { describe, expect, it } from 'vitest';
import { moveOf, nextMove, waitingMoves } from './trip-progress.ts';

const kept = (move: string, state: 'waiting' | 'conflict' = 'waiting') => ({ path: `/trip/abc_DEF-123/${move}`, state });

describe('the driver’s next move', () => {
  it('is the first the server allows when nothing waits', () => {
    expect(nextMove(['arrive'], [])).toBe('arrive');
    expect(nextMove(['report'], [])).toBe('report');
    expect(nextMove(['deliver', 'arrive'], [])).toBe('arrive');
    expect(nextMove([], [])).toBeNull();
  });

  it('follows a move made offline and waiting to be sent', () => {
    expect(nextMove(['arrive'], waitingMoves([kept('arrive')]))).toBe('deliver');
    expect(nextMove(['report'], waitingMoves([kept('report')]))).toBe('arrive');
    expect(nextMove(['arrive'], waitingMoves([kept('arrive'), kept('deliver')]))).toBeNull();
  });

  it('ignores a refused move', () => {
    expect(waitingMoves([kept('arrive', 'conflict')])).toEqual([]);
  });

  it('reads the move from the kept call', () => {
    expect(moveOf({ path: '/trip/abc/deliver' })).toBe('deliver');
    expect(moveOf({ path: '/orders/outbound/5/gate-in' })).toBeNull();
  });
});
