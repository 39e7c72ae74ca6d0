import { type OrderAction, orderActions } from './order-actions.ts';
import type { OrderDirection, OrderStatus } from './order.ts';

/** Where a vehicle is, as the gate sees it. */
export const GATE_STATES = ['expected', 'reported', 'inside', 'left'] as const;
export type GateState = (typeof GATE_STATES)[number];
export const GATE_STATE_LABEL: Record<GateState, string> = {
  expected: 'Expected',
  reported: 'Reported',
  inside: 'Inside',
  left: 'Left',
};

/** The moves of the gate board, in the order of the status machine. */
export const GATE_ACTIONS = ['gateIn', 'loaded', 'unloaded', 'gateOut'] as const satisfies readonly OrderAction[];
export type GateAction = (typeof GATE_ACTIONS)[number];

/** Where the vehicle is, as the gate sees it. */
export function gateStateOf(status: OrderStatus): GateState {
  if (status === 'vehicle_assigned') {
    return 'expected';
  }
  if (status === 'reported') {
    return 'reported';
  }
  return ['gate_in', 'loaded', 'unloaded'].includes(status) ? 'inside' : 'left';
}

/**
 * The gate moves possible from `status` for a guard who may change the order: what the board's
 * rows offer, and what the web predicts after a move kept offline (decision 0301).
 */
export function gateActionsOf(status: OrderStatus, direction: OrderDirection, source: string): GateAction[] {
  return orderActions({ status, requestType: direction, source }, { side: 'shipper', canChange: true }).filter((a): a is GateAction =>
    (GATE_ACTIONS as readonly string[]).includes(a),
  );
}
