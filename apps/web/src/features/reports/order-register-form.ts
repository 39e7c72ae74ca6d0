import type { OrderStatus } from '@freightdesk/shared/status/order';
import { ApiError } from '../../lib/api.ts';

/** A day range as the picker holds it: YYYY-MM-DD ends, either empty. */
export type DayRange = [string | null, string | null];

/** The order register's filters as the form holds them (pickers give strings). */
export type OrderRegisterForm = {
  direction: '1' | '2' | null;
  plantId: string | null;
  carrierLinkId: string | null;
  lane: string | null;
  status: OrderStatus | null;
  pickup: DayRange;
  gateIn: DayRange;
  gateOut: DayRange;
  rejected: DayRange;
  format: 'xlsx' | 'csv';
};

export type RangeField = 'pickup' | 'gateIn' | 'gateOut' | 'rejected';
/** The form's fields a server message can land on. */
export type RegisterField = 'direction' | 'plantId' | 'carrierLinkId' | 'lane' | 'status' | RangeField | 'format';

/** Each range's label (the spec's) and the two params it sends. */
export const DATE_RANGES: readonly { field: RangeField; label: string; from: string; to: string }[] = [
  { field: 'pickup', label: 'Pickup Date', from: 'pickupFrom', to: 'pickupTo' },
  { field: 'gateIn', label: 'Gate In Date', from: 'gateInFrom', to: 'gateInTo' },
  { field: 'gateOut', label: 'Gate Out Date', from: 'gateOutFrom', to: 'gateOutTo' },
  { field: 'rejected', label: 'Rejected Date', from: 'rejectedFrom', to: 'rejectedTo' },
];

export const EMPTY_REGISTER_FORM: OrderRegisterForm = {
  direction: null,
  plantId: null,
  carrierLinkId: null,
  lane: null,
  status: null,
  pickup: [null, null],
  gateIn: [null, null],
  gateOut: [null, null],
  rejected: [null, null],
  format: 'xlsx',
};

/**
 * The `params` of `POST /api/exports` for the order register: only the filters that are set, ids
 * and direction as numbers. A range with one end picked is open on the other side.
 */
export function registerParams(form: OrderRegisterForm): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (form.direction) {
    params.direction = Number(form.direction);
  }
  if (form.plantId) {
    params.plantId = Number(form.plantId);
  }
  if (form.carrierLinkId) {
    params.carrierLinkId = Number(form.carrierLinkId);
  }
  if (form.lane) {
    params.lane = form.lane;
  }
  if (form.status) {
    params.status = form.status;
  }
  for (const range of DATE_RANGES) {
    const [from, to] = form[range.field];
    if (from) {
      params[range.from] = from;
    }
    if (to) {
      params[range.to] = to;
    }
  }
  return params;
}

/** The form field of a server field key: `params.pickupTo` → pickup, `format` → format. */
function fieldOf(key: string): RegisterField | undefined {
  if (key === 'format') {
    return 'format';
  }
  const name = key.replace(/^params\./, '');
  if (name === key) {
    return undefined;
  }
  const range = DATE_RANGES.find((r) => r.from === name || r.to === name);
  if (range) {
    return range.field;
  }
  return (['direction', 'plantId', 'carrierLinkId', 'lane', 'status'] as const).find((f) => f === name);
}

/**
 * A refused export's messages by form field, and the message that belongs to none (a 403, a
 * network failure, an unknown field) for the alert above the form, or null.
 */
export function registerErrors(err: unknown): { fields: Partial<Record<RegisterField, string>>; alert: string | null } {
  if (!(err instanceof ApiError)) {
    return { fields: {}, alert: 'Something went wrong. Please try again.' };
  }
  const fields: Partial<Record<RegisterField, string>> = {};
  let unplaced = Object.keys(err.fields).length === 0;
  for (const [key, message] of Object.entries(err.fields)) {
    const field = fieldOf(key);
    if (field) {
      fields[field] ??= message;
    } else {
      unplaced = true;
    }
  }
  return { fields, alert: unplaced ? err.message : null };
}
