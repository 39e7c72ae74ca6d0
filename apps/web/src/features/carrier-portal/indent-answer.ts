import type { CarrierIndent, IndentAnswer } from '@freightdesk/shared/schemas/indent';
import { formatCountdown } from '../../domain/auction/auction-clock.ts';
import { formatInr, plural } from '../../lib/format.ts';

/** Under this much time left the deadline turns red: the dispatcher must answer now. */
export const DEADLINE_WARNING_MS = 15 * 60_000;
const MAX_REASON = 500;

export type DeadlineClock = { text: string; color: 'red' | 'dark' | 'dimmed'; passed: boolean };

/**
 * What the deadline column reads at `now`: the time left (red under 15 minutes), or "Deadline
 * passed". Null when the carrier is not being asked now (queued, or already answered).
 */
export function deadlineClock(indent: Pick<CarrierIndent, 'status' | 'deadlineAt'>, now: number): DeadlineClock | null {
  if (indent.status !== 'offered' || !indent.deadlineAt) {
    return null;
  }
  const ms = Date.parse(indent.deadlineAt) - now;
  if (ms <= 0) {
    return { text: 'Deadline passed', color: 'dimmed', passed: true };
  }
  return { text: formatCountdown(ms), color: ms < DEADLINE_WARNING_MS ? 'red' : 'dark', passed: false };
}

/** "2 vehicles", "1 vehicle", "—" (an indent not yet asked of this carrier). */
export const vehiclesText = (n: number | null) => (n === null ? '—' : `${n} vehicle${n === 1 ? '' : 's'}`);

/** Is the carrier's turn open: asked, and the deadline not yet over? (The server decides; this only hides buttons.) */
export function canAnswer(indent: Pick<CarrierIndent, 'status' | 'deadlineAt'>, now: number): boolean {
  const clock = deadlineClock(indent, now);
  return clock !== null && !clock.passed;
}

/** The vehicles the accept field starts with: all that were asked (at least 1). */
export function defaultVehicles(indent: Pick<CarrierIndent, 'vehiclesAsked'>): number {
  return Math.max(1, indent.vehiclesAsked ?? 1);
}

/** "3 orders will be created at ₹45,000.00 each" (the contract rate per vehicle). */
export function acceptSummary(vehicles: number | undefined, rateRupees: number): string {
  const n = vehicles !== undefined && Number.isInteger(vehicles) && vehicles > 0 ? vehicles : 0;
  if (n === 0) {
    return `One order per vehicle will be created at ${formatInr(rateRupees)} each`;
  }
  return `${plural(n, 'order')} will be created at ${formatInr(rateRupees)} each`;
}

export type AnswerDraft = { answer: 'accept' | 'reject'; vehicles: number | undefined; reason: string };
export type AnswerErrors = Partial<Record<'vehicles' | 'reason', string>>;

/**
 * The body of `POST /api/carrier/indents/:id/answer` from the dialog, or the field messages when
 * it cannot be sent as typed (the API checks the same and names the same fields).
 */
export function answerBody(draft: AnswerDraft, vehiclesAsked: number | null): { body: IndentAnswer | null; errors: AnswerErrors } {
  if (draft.answer === 'reject') {
    const reason = draft.reason.trim();
    if (!reason) {
      return { body: null, errors: { reason: 'Reason is required' } };
    }
    if (reason.length > MAX_REASON) {
      return { body: null, errors: { reason: `At most ${MAX_REASON} characters` } };
    }
    return { body: { answer: 'reject', reason }, errors: {} };
  }
  const v = draft.vehicles;
  const most = Math.max(1, vehiclesAsked ?? 1);
  if (v === undefined) {
    return { body: null, errors: { vehicles: 'Number of vehicles is required' } };
  }
  if (!Number.isInteger(v)) {
    return { body: null, errors: { vehicles: 'Number of vehicles must be a whole number' } };
  }
  if (v < 1 || v > most) {
    return { body: null, errors: { vehicles: most === 1 ? 'You can accept 1 vehicle' : `Accept between 1 and ${most} vehicles` } };
  }
  return { body: { answer: 'accept', vehicles: v }, errors: {} };
}

/** The dialog field a server field message belongs to (`vehicles`, `reason`), or null for the form's alert. */
export function answerFieldOf(field: string): keyof AnswerErrors | null {
  const head = field.split('.')[0];
  return head === 'vehicles' || head === 'reason' ? head : null;
}

/** `/carrier/orders?search=ORD-…`: the carrier's orders page opened on one order, to assign its vehicle. */
export function orderLink(orderNumber: string): string {
  return `/carrier/orders?search=${encodeURIComponent(orderNumber)}`;
}

/** `/carrier/orders?status=placed`: every order waiting for a vehicle. */
export const ORDERS_TO_ASSIGN_LINK = '/carrier/orders?status=placed';

/** "12 t", or "—" when the shipper gave no weight. */
export function weightText(tonnes: number | null): string {
  return tonnes === null ? '—' : `${tonnes} t`;
}

/** The material, or "Not given" when the indent has none or the shipper hides it from carriers (the API sends null). */
export const materialText = (productName: string | null) => productName ?? 'Not given';

/** The line under the vehicle type in the list: "Cement · 12 t", "Material not given · 12 t". */
export function loadText(productName: string | null, tonnes: number | null): string {
  const material = productName ?? 'Material not given';
  return tonnes === null ? material : `${material} · ${tonnes} t`;
}
