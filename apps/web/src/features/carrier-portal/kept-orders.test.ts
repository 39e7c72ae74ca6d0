import { describe, expect, it } from 'vitest';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { keptOrderMove, keptOrders } from './kept-orders.ts';

/** An order as the list answers it: only what the projection reads or changes matters. */
const order = (id: number, over: Partial<Order> = {}): Order =>
  ({
    id,
    number: `OB-2026-00010${id}`,
    status: 'placed',
    requestType: 1,
    source: 'request',
    vehicleNumber: null,
    driverName: null,
    driverMobile: null,
    rejectedAt: null,
    rejectReason: null,
    podSentBackReason: null,
    ...over,
  }) as Order;

let id = 0;
const kept = (orderId: number, call: string, body: object | null = {}, state: OutboxEntry['state'] = 'waiting'): OutboxEntry => ({
  id: ++id,
  key: `k${id}`,
  path: `/carrier/orders/${orderId}/${call}`,
  body,
  label: call,
  scope: 'carrier-orders',
  userId: 7,
  createdAt: `2026-12-06T05:0${id % 10}:00.000Z`,
  state,
  group: `carrier-order:${orderId}`,
});
const truck = { vehicleNumber: 'MH15PH2002', driverName: 'Sachin Bhosale', driverMobile: '9822055667' };

describe("My orders count the carrier's kept moves", () => {
  it("reads the order and the move of a kept carrier move, and nothing else's", () => {
    expect(keptOrderMove({ path: '/carrier/orders/12/assign' })).toEqual({ recordId: 12, move: 'assign' });
    expect(keptOrderMove({ path: '/carrier/orders/12/vehicle' })).toEqual({ recordId: 12, move: 'vehicle' });
    expect(keptOrderMove({ path: '/orders/outbound/12/gate-in' })).toBeNull();
    expect(keptOrderMove({ path: '/carrier/orders/12/consignment-note' })).toBeNull();
  });

  it('a waiting assign shows the order assigned to the kept vehicle, marked waiting, offering Reported at plant next', () => {
    const [shown, other] = keptOrders([order(1), order(2)], [kept(1, 'assign', truck)]);
    expect(shown).toMatchObject({ status: 'vehicle_assigned', ...truck, moves: ['report', 'changeVehicle'] });
    expect(shown?.kept).toEqual({ kind: 'waiting', serverState: 'placed', keptState: 'vehicle_assigned', held: false });
    expect(other).toMatchObject({ status: 'placed', vehicleNumber: null, kept: null, moves: ['assign', 'reject'] });
  });

  it('follows the moves in the order they were made: assign, change, reported', () => {
    const change = { vehicleNumber: 'MH15PH3003', driverName: 'Ravi Patil', driverMobile: '9822000111', reason: 'Breakdown' };
    const moves = [kept(1, 'assign', truck), kept(1, 'vehicle', change), kept(1, 'report')];
    // Taken in the order they were kept (their ids), whatever order the outbox lists them in.
    const [inOrder] = keptOrders([order(1)], [...moves].reverse());
    expect(inOrder).toMatchObject({ status: 'reported', vehicleNumber: 'MH15PH3003', driverName: 'Ravi Patil', moves: ['changeVehicle'] });
  });

  it('a waiting rejection shows the order rejected with its reason, and no move', () => {
    const reject = kept(3, 'reject', { reason: 'No vehicle that day' });
    const [shown] = keptOrders([order(3)], [reject]);
    expect(shown).toMatchObject({ status: 'rejected', rejectReason: 'No vehicle that day', rejectedAt: reject.createdAt, moves: [] });
  });

  it('road moves and the POD: arrived, then delivered (a POD sent back is cleared)', () => {
    const arrived = order(4, { status: 'arrived', vehicleNumber: 'MH12AB1234', podSentBackReason: 'Blurred' });
    const [shown] = keptOrders([arrived], [kept(4, 'deliver', null)]);
    expect(shown).toMatchObject({ status: 'delivered', podSentBackReason: null, moves: [] });
    expect(shown?.kept).toMatchObject({ serverState: 'arrived', keptState: 'delivered' });
  });

  it("a refused move leaves the server's order beside the status the moves led to; no move while later ones are held", () => {
    const refused = kept(5, 'assign', truck, 'conflict');
    const held = kept(5, 'report', {}, 'blocked');
    const [shown] = keptOrders([order(5, { status: 'rejected' })], [refused, held]);
    expect(shown).toMatchObject({ status: 'rejected', vehicleNumber: null, moves: [] });
    expect(shown?.kept).toEqual({ kind: 'refused', serverState: 'rejected', keptState: 'reported', held: true });
    // Once the held move is dismissed, the server's moves are offered again, the refusal still shown.
    const [read] = keptOrders([order(5)], [refused]);
    expect(read).toMatchObject({ status: 'placed', moves: ['assign', 'reject'] });
    expect(read?.kept).toEqual({ kind: 'refused', serverState: 'placed', keptState: 'vehicle_assigned', held: false });
  });

  it('leaves every order as the server sent it when nothing is kept', () => {
    const rows = [order(6), order(7, { status: 'gate_out', vehicleNumber: 'MH12AB7777' })];
    expect(keptOrders(rows, [kept(99, 'assign', truck)])).toEqual(
      rows.map((o, i) => ({ ...o, kept: null, moves: i ? ['arrive'] : ['assign', 'reject'] })),
    );
  });
});
