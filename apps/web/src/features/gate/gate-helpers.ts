import type { OrderAction } from '@freightdesk/shared/status/order-actions';
import { type GateBoardRow, normaliseVehicleNumber } from '@freightdesk/shared/schemas/execution';
import { formatDate, formatMinutes } from '../../lib/format.ts';

export type Dir = 'outbound' | 'inbound';

/** The gate moves a board row may offer, as the server lists them in `actions`. */
export type GateAction = Extract<OrderAction, 'gateIn' | 'loaded' | 'unloaded' | 'gateOut'>;
const GATE_ACTIONS: readonly GateAction[] = ['gateIn', 'loaded', 'unloaded', 'gateOut'];

export const GATE_ACTION_LABEL: Record<GateAction, string> = {
  gateIn: 'Gate in',
  loaded: 'Loaded',
  unloaded: 'Unloaded',
  gateOut: 'Gate out',
};

/** The move of each gate call, in the guard's words. */
export const GATE_CALL_LABEL: Record<'gate-in' | 'loaded' | 'unloaded' | 'gate-out', string> = {
  'gate-in': 'Gate in',
  loaded: 'Loaded',
  unloaded: 'Unloaded',
  'gate-out': 'Gate out',
};

/** The outbox's list of a direction's gate (moves kept without network). */
export const outboxScope = (dir: Dir) => `gate:${dir}`;

/** The one next move of a row (the server's first gate action), or null when the gate has nothing left to do. */
export function nextGateAction(row: Pick<GateBoardRow, 'actions'>): GateAction | null {
  return row.actions.find((a): a is GateAction => (GATE_ACTIONS as readonly string[]).includes(a)) ?? null;
}

/**
 * The turnaround line of a row: reported → gate out once the vehicle left, the time so far while
 * it is at the plant, nothing before it reported.
 */
export function turnaroundText(row: Pick<GateBoardRow, 'turnaroundMinutes' | 'gateOutAt' | 'reportedAt'>): string | null {
  if (row.turnaroundMinutes === null || !row.reportedAt) {
    return null;
  }
  const time = formatMinutes(row.turnaroundMinutes);
  return row.gateOutAt ? `Turnaround ${time}` : `At the plant for ${time}`;
}

/**
 * Net weight (gross − tare) of what was typed, to 3 decimals; null until both are numbers. The
 * schema refuses a net of 0 or less; the form shows the figure as the guard types.
 */
export function netWeight(gross: unknown, tare: unknown): number | null {
  if (typeof gross !== 'number' || typeof tare !== 'number' || Number.isNaN(gross) || Number.isNaN(tare)) {
    return null;
  }
  return Math.round((gross - tare) * 1000) / 1000;
}

/** Is the vehicle number typed at the gate another vehicle than the order's (any spacing or case)? */
export function isOtherVehicle(typed: string, orderVehicle: string | null): boolean {
  const seen = normaliseVehicleNumber(typed);
  return seen !== '' && seen !== normaliseVehicleNumber(orderVehicle ?? '');
}

/** Where the load goes (outbound: plant → destination) or comes from (inbound: vendor → plant). */
export function laneText(dir: Dir, plantName: string, otherEnd: string | null): string {
  const other = otherEnd ?? '—';
  return dir === 'outbound' ? `${plantName} → ${other}` : `${other} → ${plantName}`;
}

/** The order's detail page as the shipper's routes have it (offline orders under `/offline`). */
export function gateOrderPath(dir: Dir, row: Pick<GateBoardRow, 'orderId' | 'source'>): string {
  if (row.source === 'offline') {
    return `/offline/${dir}/order/${row.orderId}`;
  }
  return dir === 'inbound' ? `/order/inbound/detail/${row.orderId}` : `/order/outbound/${row.orderId}`;
}

/**
 * When a vehicle found on another day is due, as its card says it: "Due tomorrow, 08 Dec 2026";
 * `day` and `today` are India days (YYYY-MM-DD).
 */
export function dueDayText(day: string, today: string): string {
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const when =
    days === 0 ? 'today' : days === 1 ? 'tomorrow' : days === -1 ? 'yesterday' : days > 0 ? `in ${days} days` : `${-days} days ago`;
  return `Due ${when}, ${formatDate(day)}`;
}
