import { describe, expect, it } from 'vitest';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { keptCounts, keptGateMove, keptRows } from './kept-board.ts';

const row = (orderId: number, over: Partial<GateBoardRow> = {}): GateBoardRow => ({
  orderId,
  orderNumber: `OB-2026-00000${orderId}`,
  source: 'offline',
  status: 'reported',
  statusLabel: 'Reported',
  state: 'reported',
  carrierName: 'Vayu Logistics',
  vehicleNumber: `MH12AB000${orderId}`,
  vehicleTypeName: '32 ft MXL',
  driverName: null,
  driverMobile: null,
  pickupAt: '2026-12-06T04:00:00.000Z',
  reportedAt: '2026-12-06T04:10:00.000Z',
  gateInAt: null,
  gateOutAt: null,
  turnaroundMinutes: 20,
  ewayBillState: 'valid',
  vehicleMismatch: false,
  verification: { level: 'green', reasons: [] },
  otherEnd: 'Surat DC',
  actions: ['gateIn'],
  ...over,
});

let id = 0;
const kept = (orderId: number, call: string, state: OutboxEntry['state'] = 'waiting', dir = 'outbound'): OutboxEntry => ({
  id: ++id,
  key: `k${id}`,
  path: `/orders/${dir}/${orderId}/${call}`,
  body: { at: `2026-12-06T05:0${id % 10}:00.000Z` },
  label: call,
  scope: `gate:${dir}`,
  userId: 7,
  createdAt: '2026-12-06T05:00:00.000Z',
  state,
  group: `order:${dir}:${orderId}`,
});

describe('the gate board counts the moves kept offline', () => {
  it('reads the order and the move of a kept gate move, of its direction only', () => {
    expect(keptGateMove({ path: '/orders/outbound/12/gate-out' }, 'outbound')).toEqual({ orderId: 12, call: 'gate-out' });
    expect(keptGateMove({ path: '/orders/inbound/12/gate-out' }, 'outbound')).toBeNull();
    expect(keptGateMove({ path: '/driver/trips/12/arrive' }, 'outbound')).toBeNull();
  });

  it('a waiting gate in shows the vehicle inside, marked waiting, offering the weighing next', () => {
    const gateIn = kept(1, 'gate-in');
    const [shown, other] = keptRows([row(1), row(2)], [gateIn], 'outbound');
    expect(shown).toMatchObject({ state: 'inside', status: 'gate_in', statusLabel: 'Gate in', actions: ['loaded'] });
    expect(shown?.gateInAt).toBe((gateIn.body as { at: string }).at);
    expect(shown?.kept).toEqual({ kind: 'waiting', serverState: 'reported', keptState: 'inside', held: false });
    expect(other).toMatchObject({ state: 'reported', actions: ['gateIn'], kept: null });
  });

  it('follows the moves in the order they were made: in, weighed, out (inbound: unloaded)', () => {
    const entries = [kept(1, 'gate-out'), kept(1, 'loaded')].map((e, i) => ({ ...e, id: 100 + (1 - i) }));
    entries.push({ ...kept(1, 'gate-in'), id: 50 });
    const [out] = keptRows([row(1)], entries, 'outbound');
    expect(out).toMatchObject({ state: 'left', status: 'gate_out', actions: [] });
    const [weighed] = keptRows([row(3)], [kept(3, 'gate-in', 'waiting', 'inbound'), kept(3, 'unloaded', 'waiting', 'inbound')], 'inbound');
    expect(weighed).toMatchObject({ state: 'inside', status: 'unloaded', actions: ['gateOut'] });
  });

  it('a refused move leaves the server state and moves, with the kept state beside it', () => {
    const [shown] = keptRows([row(1)], [kept(1, 'gate-in', 'refused')], 'outbound');
    expect(shown).toMatchObject({ state: 'reported', actions: ['gateIn'] });
    expect(shown?.kept).toEqual({ kind: 'refused', serverState: 'reported', keptState: 'inside', held: false });
  });

  it('while moves of a refused vehicle are held, the card offers none', () => {
    const inside = row(1, { status: 'gate_in', state: 'inside', actions: ['loaded'] });
    const [shown] = keptRows(
      [inside],
      [kept(1, 'gate-in', 'conflict'), kept(1, 'loaded', 'blocked'), kept(1, 'gate-out', 'blocked')],
      'outbound',
    );
    expect(shown).toMatchObject({ state: 'inside', actions: [] });
    expect(shown?.kept).toEqual({ kind: 'refused', serverState: 'inside', keptState: 'left', held: true });
  });

  it('counts each row in the state it is shown in', () => {
    const rows = keptRows([row(1), row(2), row(4)], [kept(1, 'gate-in'), kept(2, 'gate-in', 'conflict')], 'outbound');
    expect(keptCounts({ expected: 3, reported: 3, inside: 1, left: 0 }, rows)).toEqual({ expected: 3, reported: 2, inside: 2, left: 0 });
  });
});
