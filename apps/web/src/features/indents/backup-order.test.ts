import { describe, expect, it } from 'vitest';
import type { IndentAllocation } from '@freightdesk/shared/schemas/indent';
import { addBackup, moveItem, splitTurns } from './backup-order.ts';

describe('moveItem', () => {
  it('moves an item up or down one place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at either end or for an index not in it', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });

  it('returns a new list', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, 1)).not.toBe(list);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('addBackup', () => {
  it('adds a carrier last, once', () => {
    const one = addBackup([], { carrierLinkId: 4, carrierName: 'Four' });
    const two = addBackup(one, { carrierLinkId: 9, carrierName: 'Nine' });
    expect(two.map((b) => b.carrierLinkId)).toEqual([4, 9]);
    expect(addBackup(two, { carrierLinkId: 4, carrierName: 'Four' })).toEqual(two);
  });
});

const turn = (seq: number, role: 'primary' | 'backup', status: IndentAllocation['status'], carrierLinkId: number): IndentAllocation => ({
  id: seq,
  seq,
  carrierLinkId,
  carrierName: `Carrier ${carrierLinkId}`,
  contractId: null,
  contractNumber: null,
  rateRupees: 1000,
  role,
  status,
  vehiclesAsked: null,
  vehiclesAccepted: 0,
  offeredAt: null,
  deadlineAt: null,
  answeredAt: null,
  reason: null,
});

describe('splitTurns', () => {
  it('keeps the primary and the carriers already asked fixed, and the waiting backups in their order', () => {
    const { fixed, waiting } = splitTurns([
      turn(4, 'backup', 'queued', 40),
      turn(1, 'primary', 'rejected', 10),
      turn(3, 'backup', 'queued', 30),
      turn(2, 'backup', 'offered', 20),
    ]);
    expect(fixed.map((t) => t.carrierLinkId)).toEqual([10, 20]);
    expect(waiting).toEqual([
      { carrierLinkId: 30, carrierName: 'Carrier 30' },
      { carrierLinkId: 40, carrierName: 'Carrier 40' },
    ]);
  });

  it('counts a primary not yet asked as fixed', () => {
    expect(splitTurns([turn(1, 'primary', 'queued', 10)]).waiting).toEqual([]);
  });
});
