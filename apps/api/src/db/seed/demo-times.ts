import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ewayBills, gateEvents } from '../schema/execution.ts';
import { orderEvents, orders } from '../schema/orders.ts';

/**
 * The demo's trips happen at realistic times, not all at the second the seed ran: a vehicle waits
 * at the gate, loads for about an hour, leaves, and is on the road for hours. The services stamp
 * each move with the clock (a report is always "now"), so the seed walks an order through them and
 * then moves its stamps back to a plausible day: the order's times, its timeline, its gate events
 * and its e-way bills (shifted with its gate out, so a bill is still made before the vehicle left).
 * Reports (gate turnaround, e-way compliance), the gate board and the timeline then read like a
 * working plant's.
 */

/** The marks of a demo trip, in order. */
export const DEMO_MARKS = ['assigned', 'reported', 'gate_in', 'loaded', 'gate_out', 'arrived'] as const;
export type DemoMark = (typeof DEMO_MARKS)[number];

const MINUTE = 60_000;

/** Minutes from each mark to the next one, varied a little per vehicle (`i`). */
function stretches(i: number): Record<Exclude<DemoMark, 'arrived'>, number> {
  return {
    assigned: 35 + ((i * 13) % 40),
    reported: 20 + ((i * 17) % 45),
    gate_in: 50 + ((i * 23) % 50),
    loaded: 12 + ((i * 7) % 20),
    gate_out: 280 + ((i * 31) % 120),
  };
}

/**
 * The times of a trip whose last mark `last` happened at `endAt`, counted back. With `notBefore`
 * (today's dispatch seeded just after midnight) the stretches shrink to fit after it.
 */
export function demoTimeline(last: DemoMark, endAt: Date, i: number, notBefore?: Date): Map<DemoMark, Date> {
  const marks = DEMO_MARKS.slice(0, DEMO_MARKS.indexOf(last) + 1);
  const minutes = stretches(i);
  const gaps = marks.slice(0, -1).map((m) => minutes[m as keyof typeof minutes] * MINUTE);
  const total = gaps.reduce((a, b) => a + b, 0);
  const room = notBefore ? endAt.getTime() - notBefore.getTime() : total;
  const scale = total > 0 ? Math.max(0, Math.min(1, room / total)) : 1;
  const times = new Map<DemoMark, Date>();
  let at = endAt.getTime();
  for (let k = marks.length - 1; k >= 0; k--) {
    times.set(marks[k] as DemoMark, new Date(at));
    at -= (gaps[k - 1] ?? 0) * scale;
  }
  return times;
}

/** The order's statuses each mark stamps (an inbound order's `unloaded` is its `loaded`). */
const STATUS_MARK: Record<string, DemoMark> = {
  reported: 'reported',
  gate_in: 'gate_in',
  loaded: 'loaded',
  unloaded: 'loaded',
  gate_out: 'gate_out',
  arrived: 'arrived',
};

const GATE_KINDS = ['gate_in', 'loaded', 'unloaded', 'gate_out'] as const;
type GateKind = (typeof GATE_KINDS)[number];

/** Moves an order's stamps to `times`: the order, its timeline, its gate events and its e-way bills. */
export async function stampDemoTimes(db: Db, orderId: number, times: Map<DemoMark, Date>): Promise<void> {
  const [order] = await db.select({ gateOutAt: orders.gateOutAt }).from(orders).where(eq(orders.id, orderId));
  const reported = times.get('reported');
  const gateOut = times.get('gate_out');
  await db
    .update(orders)
    .set({
      ...(reported ? { reportedAt: reported } : {}),
      ...(times.get('gate_in') ? { gateInAt: times.get('gate_in') } : {}),
      ...(gateOut ? { gateOutAt: gateOut } : {}),
      ...(times.get('arrived') ? { arrivedAt: times.get('arrived') } : {}),
      ...(gateOut && reported ? { turnaroundMinutes: Math.round((gateOut.getTime() - reported.getTime()) / MINUTE) } : {}),
    })
    .where(eq(orders.id, orderId));
  for (const [status, mark] of Object.entries(STATUS_MARK)) {
    const at = times.get(mark);
    if (at) {
      await db
        .update(orderEvents)
        .set({ at })
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, status)));
      if (GATE_KINDS.includes(status as GateKind)) {
        await db
          .update(gateEvents)
          .set({ at })
          .where(and(eq(gateEvents.orderId, orderId), eq(gateEvents.kind, status as GateKind)));
      }
    }
  }
  // What happened before the report (placed, accepted, vehicle assigned) happened before it.
  const assigned = times.get('assigned');
  if (assigned) {
    await db
      .update(orderEvents)
      .set({ at: sql`least(${orderEvents.at}, ${assigned.toISOString()}::timestamptz)` })
      .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.toStatus, ['placed', 'vehicle_assigned'])));
  }
  // Its e-way bills move with its gate out (after the order, so their trigger reads the new gate out).
  if (gateOut && order?.gateOutAt) {
    const shift = `${gateOut.getTime() - order.gateOutAt.getTime()} milliseconds`;
    await db
      .update(ewayBills)
      .set({
        generatedAt: sql`${ewayBills.generatedAt} + ${shift}::interval`,
        validUntil: sql`${ewayBills.validUntil} + ${shift}::interval`,
      })
      .where(eq(ewayBills.orderId, orderId));
  }
}
