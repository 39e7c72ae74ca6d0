import { describe, expect, it } from 'vitest';
import type { GateBoard } from '@freightdesk/shared/schemas/gate-board';
import { gateBoardQuery } from './gate-board.ts';

const board = (plantId: number) =>
  ({ plant: { id: plantId, name: `Plant ${plantId}` }, day: '2026-12-06', rows: [] }) as unknown as GateBoard;
/** The placeholder the board's query shows for `query` while it loads, after `previous`. */
const shown = (previous: GateBoard | undefined, query: Parameters<typeof gateBoardQuery>[1]) => {
  const placeholder = gateBoardQuery('outbound', query).placeholderData;
  return typeof placeholder === 'function' ? placeholder(previous, undefined) : placeholder;
};

describe('the gate board while another board loads (record 0315)', () => {
  it('keeps the plant it shows while another day, state or search of that plant loads', () => {
    const first = board(7);
    expect(shown(first, { plantId: 7, day: '2026-12-07' })).toBe(first);
    expect(shown(first, { day: '2026-12-07', search: 'MH12' })).toBe(first);
  });

  it("never shows another plant's vehicles while the chosen plant's load", () => {
    expect(shown(board(7), { plantId: 9 })).toBeUndefined();
    expect(shown(board(7), { plantId: 9, day: '2026-12-07' })).toBeUndefined();
    expect(shown(undefined, { plantId: 9 })).toBeUndefined();
  });
});
