import { describe, expect, it } from 'vitest';
import { ORDER_ACTION_RULES, ORDER_ACTIONS, orderActions } from './order-actions.ts';
import {
  canMoveOrder,
  FINAL_ORDER_STATUSES,
  ORDER_ROADS,
  ORDER_STATUS_LABEL,
  ORDER_STATUSES,
  type OrderDirection,
  type OrderStatus,
  orderStatusLabel,
} from './order.ts';

/** The statuses an order of the direction can reach from placed. */
function reachable(direction: OrderDirection): Set<OrderStatus> {
  const seen = new Set<OrderStatus>(['placed']);
  const queue: OrderStatus[] = ['placed'];
  for (let s = queue.shift(); s; s = queue.shift()) {
    for (const next of ORDER_ROADS[direction][s]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Walks the happy road of a direction: each step must be allowed. */
const walks = (direction: OrderDirection, road: OrderStatus[]) =>
  road.slice(1).every((to, i) => canMoveOrder(road[i] as OrderStatus, to, direction));

describe('order lifecycle', () => {
  it('runs the outbound road from placed to closed, with the POD sent back once', () => {
    expect(
      walks(1, [
        'placed',
        'vehicle_assigned',
        'reported',
        'gate_in',
        'loaded',
        'gate_out',
        'arrived',
        'delivered',
        'arrived',
        'delivered',
        'closed',
      ]),
    ).toBe(true);
  });

  it('runs the inbound road through unloading at the receiving plant, with no arrival or loading', () => {
    expect(walks(2, ['placed', 'vehicle_assigned', 'reported', 'gate_in', 'unloaded', 'gate_out', 'delivered', 'closed'])).toBe(true);
    expect(canMoveOrder('gate_in', 'loaded', 2)).toBe(false);
    expect(canMoveOrder('gate_out', 'arrived', 2)).toBe(false);
    expect(canMoveOrder('delivered', 'arrived', 2)).toBe(false);
    expect(canMoveOrder('gate_in', 'unloaded', 1)).toBe(false);
    expect(reachable(2).has('arrived')).toBe(false);
    expect(reachable(2).has('loaded')).toBe(false);
    expect(reachable(1).has('unloaded')).toBe(false);
  });

  it('refuses skipping a step or going back', () => {
    expect(canMoveOrder('vehicle_assigned', 'gate_in', 1)).toBe(false);
    expect(canMoveOrder('gate_in', 'gate_out', 1)).toBe(false);
    expect(canMoveOrder('gate_out', 'delivered', 1)).toBe(false);
    expect(canMoveOrder('loaded', 'gate_in', 1)).toBe(false);
    expect(canMoveOrder('closed', 'delivered', 1)).toBe(false);
  });

  it('cancels from placed, vehicle assigned and reported only, in both directions (callers without a direction too)', () => {
    for (const direction of [1, 2, undefined] as const) {
      const from = ORDER_STATUSES.filter((s) => canMoveOrder(s, 'cancelled', direction));
      expect(from).toEqual(['placed', 'vehicle_assigned', 'reported']);
    }
  });

  it('changes the vehicle while assigned or reported only (a move to the same status)', () => {
    const same = ORDER_STATUSES.filter((s) => canMoveOrder(s, s, 1));
    expect(same).toEqual(['vehicle_assigned', 'reported']);
  });

  it('ends in closed, rejected or cancelled; every status is reachable in one direction or the other', () => {
    expect(FINAL_ORDER_STATUSES).toEqual(['closed', 'rejected', 'cancelled']);
    const all = new Set([...reachable(1), ...reachable(2)]);
    expect(ORDER_STATUSES.filter((s) => !all.has(s))).toEqual([]);
  });

  it('labels gate out by direction', () => {
    expect(orderStatusLabel('gate_out', 1)).toBe('In transit');
    expect(orderStatusLabel('gate_out', 2)).toBe('Gate out');
    expect(orderStatusLabel('unloaded', 2)).toBe('Unloaded');
    expect(ORDER_STATUS_LABEL.gate_out).toBe('In transit');
  });
});

describe('order actions', () => {
  it('lies on the road: each action starts where its direction can be and moves as the machine allows', () => {
    for (const name of ORDER_ACTIONS) {
      const rule = ORDER_ACTION_RULES[name];
      for (const direction of rule.directions) {
        const starts = rule.from.filter((s) => reachable(direction).has(s));
        expect(starts.length, `${name} in direction ${direction}`).toBeGreaterThan(0);
        for (const from of starts) {
          const ok =
            rule.to === 'same' ||
            canMoveOrder(from, rule.to, direction) ||
            // The guard's one tap: an order not yet reported is reported and gated in.
            (name === 'gateIn' && canMoveOrder(from, 'reported', direction) && canMoveOrder('reported', rule.to, direction));
          expect(ok, `${name}: ${from} → ${rule.to} (${direction})`).toBe(true);
        }
      }
    }
  });

  it('gives the carrier its moves and the shipper its own, by direction', () => {
    const carrier = { side: 'carrier' } as const;
    const shipper = { side: 'shipper', canChange: true, canEditOffline: true } as const;
    const order = (status: OrderStatus, requestType = 1, source = 'request') => ({ status, requestType, source });
    expect(orderActions(order('placed'), carrier)).toEqual(['assign', 'reject']);
    expect(orderActions(order('vehicle_assigned'), carrier)).toEqual(['changeVehicle', 'report']);
    expect(orderActions(order('reported'), carrier)).toEqual(['changeVehicle']);
    expect(orderActions(order('gate_out'), carrier)).toEqual(['arrive']);
    expect(orderActions(order('gate_out', 2), carrier)).toEqual([]);
    expect(orderActions(order('arrived'), carrier)).toEqual(['deliver']);
    expect(orderActions(order('placed'), shipper)).toEqual(['cancel', 'addEwayBill']);
    expect(orderActions(order('vehicle_assigned', 1, 'offline'), shipper)).toEqual(['cancel', 'gateIn', 'addEwayBill', 'editOffline']);
    expect(orderActions(order('gate_in'), shipper)).toEqual(['loaded', 'addEwayBill']);
    expect(orderActions(order('gate_in', 2), shipper)).toEqual(['unloaded', 'addEwayBill']);
    expect(orderActions(order('loaded'), shipper)).toEqual(['gateOut', 'addEwayBill']);
    expect(orderActions(order('delivered'), shipper)).toEqual(['acceptPod', 'rejectPod']);
    expect(orderActions(order('delivered', 2), shipper)).toEqual(['acceptPod']);
    expect(orderActions(order('closed'), shipper)).toEqual([]);
  });

  it('gives a shipper user without the right to change the order nothing, and offline edits only with the offline permission', () => {
    const order = { status: 'placed' as const, requestType: 1, source: 'offline' };
    expect(orderActions(order, { side: 'shipper', canChange: false })).toEqual([]);
    expect(orderActions(order, { side: 'shipper', canChange: true })).toEqual(['cancel', 'addEwayBill']);
    expect(orderActions({ ...order, source: 'request' }, { side: 'shipper', canChange: true, canEditOffline: true })).toEqual([
      'cancel',
      'addEwayBill',
    ]);
  });
});
