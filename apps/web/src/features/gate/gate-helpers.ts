import { GATE_ACTIONS, type GateAction } from '@freightdesk/shared/status/gate';
import { normaliseVehicleNumber } from '@freightdesk/shared/vehicle-number';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import { formatDate, formatMinutes } from '../../lib/format.ts';

export type Dir = 'outbound' | 'inbound';

/** The gate moves a board row may offer, as the server lists them in `actions`. */
export type { GateAction };

/** The move of each gate call, in English: the label a kept move is stored with (its words follow the language). */
export const GATE_CALL_LABEL: Record<'gate-in' | 'loaded' | 'unloaded' | 'gate-out', string> = {
  'gate-in': 'Gate in',
  loaded: 'Loaded',
  unloaded: 'Unloaded',
  'gate-out': 'Gate out',
};

/** The outbox's list of a direction's gate (moves kept without network). */
export const outboxScope = (dir: Dir) => `gate:${dir}`;

/** The group of a vehicle's kept moves (lib/outbox-order.ts): each counts on the earlier ones. */
export const keptGroup = (dir: Dir, orderId: number) => `order:${dir}:${orderId}`;

/** The one next move of a row (the server's first gate action), or null when the gate has nothing left to do. */
export function nextGateAction(row: Pick<GateBoardRow, 'actions'>): GateAction | null {
  return row.actions.find((a): a is GateAction => (GATE_ACTIONS as readonly string[]).includes(a)) ?? null;
}

/**
 * The turnaround line of a row (a key of the `gate` catalogue and the time): reported → gate out
 * once the vehicle left, the time so far while it is at the plant, nothing before it reported.
 */
export function turnaroundText(
  row: Pick<GateBoardRow, 'turnaroundMinutes' | 'gateOutAt' | 'reportedAt'>,
): { key: 'card.turnaround' | 'card.atPlant'; time: string } | null {
  if (row.turnaroundMinutes === null || !row.reportedAt) {
    return null;
  }
  const time = formatMinutes(row.turnaroundMinutes);
  return { key: row.gateOutAt ? 'card.turnaround' : 'card.atPlant', time };
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
 * When a vehicle found on another day is due, as its card says it ("Due tomorrow, 08 Dec 2026"): the
 * key of the `gate` catalogue that says when, its count of days, and the day; `day` and `today` are
 * India days (YYYY-MM-DD).
 */
export function dueDay(day: string, today: string): { when: string; count: number; day: string } {
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const when = days === 0 ? 'dueToday' : days === 1 ? 'dueTomorrow' : days === -1 ? 'dueYesterday' : days > 0 ? 'dueIn' : 'dueAgo';
  return { when: `card.${when}`, count: Math.abs(days), day: formatDate(day) };
}
