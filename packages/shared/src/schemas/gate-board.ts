import { z } from 'zod';
import type { OrderAction } from '../status/order-actions.ts';
import { ORDER_STATUSES } from '../status/order.ts';
import { dayQuery, idQuery, listQuerySchema } from './common.ts';
import { gateVerificationSchema } from './verification.ts';

/** The gate board: where each vehicle of a plant's day is (`GET /api/gate/{dir}`), and the guard's search of other days. */

// Where a vehicle is, as the gate sees it: zod-free in status/gate.ts (the board's first download).
import { GATE_STATES, type GateState } from '../status/gate.ts';
export { GATE_STATE_LABEL, GATE_STATES, type GateState } from '../status/gate.ts';

/** `GET /api/gate/{dir}`: one plant (default: the user's first), one India day (default today). */
export const gateBoardQuerySchema = z.object({
  plantId: idQuery.optional(),
  day: dayQuery,
  state: z.enum(GATE_STATES, { error: `state must be one of ${GATE_STATES.join(', ')}` }).optional(),
  /** Vehicle number (any spacing or case), order number or carrier. */
  search: z.string().trim().max(40).optional(),
});
export type GateBoardQuery = z.infer<typeof gateBoardQuerySchema>;

export const gateBoardRowSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  source: z.enum(['request', 'indent', 'offline']),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  state: z.enum(GATE_STATES),
  carrierName: z.string(),
  vehicleNumber: z.string().nullable(),
  vehicleTypeName: z.string(),
  driverName: z.string().nullable(),
  driverMobile: z.string().nullable(),
  pickupAt: z.string(),
  reportedAt: z.string().nullable(),
  gateInAt: z.string().nullable(),
  gateOutAt: z.string().nullable(),
  /** Reported → gate out, in minutes, once out; while inside, the minutes so far. */
  turnaroundMinutes: z.number().int().nullable(),
  /** The order's e-way bills: none, or the worst state among the live ones. */
  ewayBillState: z.enum(['none', 'valid', 'expiring', 'expired']),
  vehicleMismatch: z.boolean(),
  /** The vehicle's and driver's documents as VAHAN and SARATHI last said (issue 37): red blocks gate in. */
  verification: gateVerificationSchema,
  /** Where the load comes from (inbound) or goes (outbound): the other end of the lane. */
  otherEnd: z.string().nullable(),
  actions: z.array(z.string()),
});
export type GateBoardRow = Omit<z.infer<typeof gateBoardRowSchema>, 'actions'> & { actions: OrderAction[] };

/**
 * `GET /api/gate/{dir}/other-days`: a guard's search beyond the day's board: the plant's vehicles
 * not out of the gate yet that the board of `day` does not list (due on a later day), by vehicle
 * number (any spacing or case), order number or carrier; page by page.
 */
export const gateOtherDaysQuerySchema = z.object({
  plantId: idQuery.optional(),
  day: dayQuery,
  search: z.string().trim().min(2, 'Type at least 2 characters of a vehicle number, order or carrier').max(40),
  page: listQuerySchema.shape.page,
  pageSize: listQuerySchema.shape.pageSize,
});
export type GateOtherDaysQuery = z.infer<typeof gateOtherDaysQuerySchema>;
/** A vehicle due on another day: its board row and that India day (YYYY-MM-DD of its pickup). */
export type GateOtherDayRow = GateBoardRow & { day: string };

export type GateBoard = {
  plant: { id: number; name: string };
  /** The plants this user may open the board of (the picker). */
  plants: { id: number; name: string }[];
  day: string;
  counts: Record<GateState, number>;
  rows: GateBoardRow[];
};
