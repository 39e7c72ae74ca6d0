import { ewayBillState } from '@freightdesk/shared/eway-bill';
import { normaliseVehicleNumber } from '@freightdesk/shared/schemas/execution';
import {
  GATE_STATES,
  type GateBoard,
  type GateBoardQuery,
  type GateBoardRow,
  type GateState,
} from '@freightdesk/shared/schemas/gate-board';
import { gateActionsOf, gateStateOf } from '@freightdesk/shared/status/gate';
import { type OrderStatus, orderStatusLabel } from '@freightdesk/shared/status/order';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Direction, Viewer } from '../../lib/policy.ts';
import { indiaDay } from '../../repositories/common/rows.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { boardVerifications } from '../verification/verification.service.ts';
import {
  activeBillsOf,
  type BoardWindow,
  boardPlantById,
  boardPlants,
  boardRows,
  type GateRawRow,
} from '../../repositories/gate-board.repository.ts';

/** A plant's day is a few hundred vehicles at most; the board stops here. */
const MAX_ROWS = 2000;
/**
 * Today's board also lists the vehicles due within the next hours: a night-shift guard at 23:30
 * must see (and may gate in) the truck due at 00:30, which the next India day would list.
 */
export const GATE_LOOKAHEAD_HOURS = 8;

/** The plant of the board: the one asked for if the user may see it (404 otherwise), else the user's first. */
export async function boardPlant(db: Db, user: Viewer, direction: Direction, plantId: number | undefined) {
  const list = await boardPlants(db, user, direction);
  if (!plantId) {
    const [first] = list;
    if (!first) {
      throw notFound('Plant');
    }
    return { plant: first, list };
  }
  const plant = await boardPlantById(db, user, direction, plantId);
  if (!plant) {
    throw notFound('Plant');
  }
  return { plant, list };
}

/** The worst state of the order's live e-way bills (none when it has none). */
async function billStates(db: Db, orderIds: number[], now: Date): Promise<Map<number, GateBoardRow['ewayBillState']>> {
  const rank = { none: 0, valid: 1, expiring: 2, expired: 3 } as const;
  const states = new Map<number, GateBoardRow['ewayBillState']>();
  if (!orderIds.length) {
    return states;
  }
  const bills = await activeBillsOf(db, orderIds);
  for (const bill of bills) {
    const state = ewayBillState(bill, now);
    const worst = states.get(bill.orderId) ?? 'none';
    if (state !== 'cancelled' && rank[state] > rank[worst]) {
      states.set(bill.orderId, state);
    }
  }
  return states;
}

/** Does the row match the guard's search: a vehicle number in any spacing or case, the order number, the carrier? */
function matches(row: GateBoardRow, search: string | undefined): boolean {
  if (!search) {
    return true;
  }
  const vehicle = normaliseVehicleNumber(search);
  const text = search.toLowerCase();
  return (
    (vehicle !== '' && (row.vehicleNumber ?? '').includes(vehicle)) ||
    row.orderNumber.toLowerCase().includes(text) ||
    row.carrierName.toLowerCase().includes(text)
  );
}

/**
 * The India day `day` as the board reads it: its start and end, and until when an expected vehicle
 * is due on it (today's board also the next hours').
 */
export function dayWindow(day: string, now: Date): BoardWindow {
  const [start, end] = [indiaDay(day), indiaDay(day, 1)];
  const lookahead = new Date(now.getTime() + GATE_LOOKAHEAD_HOURS * 3_600_000);
  return { start, end, dueBy: day === indiaToday(now) && lookahead > end ? lookahead : end };
}

type RawRow = GateRawRow;

/** Board rows of the orders read: state, times, turnaround, e-way bill state and the gate moves possible now. */
export async function toGateRows(db: Db, raw: RawRow[], direction: Direction, now: Date, industryId: number): Promise<GateBoardRow[]> {
  const bills = await billStates(
    db,
    raw.map((r) => r.orderId),
    now,
  );
  // VAHAN's and SARATHI's last answers under the shipper's rules (issue 37): the card's green, amber or red.
  const verdicts = await boardVerifications(db, industryId, raw);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return raw.map((r) => {
    const status = r.status as OrderStatus;
    const inside = r.reportedAt && !r.gateOutAt ? Math.max(0, Math.round((now.getTime() - r.reportedAt.getTime()) / 60_000)) : null;
    return {
      ...r,
      status,
      statusLabel: orderStatusLabel(status, direction),
      state: gateStateOf(status),
      pickupAt: r.pickupAt.toISOString(),
      reportedAt: iso(r.reportedAt),
      gateInAt: iso(r.gateInAt),
      gateOutAt: iso(r.gateOutAt),
      turnaroundMinutes: r.turnaroundMinutes ?? inside,
      ewayBillState: bills.get(r.orderId) ?? 'none',
      verification: verdicts.get(r.orderId) ?? { level: 'green', reasons: [] },
      actions: gateActionsOf(status, direction, r.source),
    };
  });
}

/**
 * The gate board of one plant for one India day: the vehicles expected (orders of the plant with a
 * vehicle, picked up that day or earlier — today's board also the next hours' — and not out of the
 * gate yet), reported, inside, and those that left that day; counts per state (of the whole day),
 * then the rows the search and state filter keep. A vehicle due on a later day is found by
 * `gateOtherDays` (gate-search.ts). Orders as the policy lets the user read them (tenant, direction, plants).
 */
export async function gateBoard(db: Db, user: Viewer, direction: Direction, q: GateBoardQuery, now = new Date()): Promise<GateBoard> {
  const { plant, list } = await boardPlant(db, user, direction, q.plantId);
  const day = q.day ?? indiaToday(now);
  const w = dayWindow(day, now);
  const raw = await boardRows(db, user, direction, plant.id, w, MAX_ROWS);
  const rows = await toGateRows(db, raw, direction, now, user.industryId ?? 0);
  const counts = Object.fromEntries(GATE_STATES.map((s) => [s, rows.filter((r) => r.state === s).length])) as Record<GateState, number>;
  const rank = (s: GateState) => GATE_STATES.indexOf(s);
  return {
    plant,
    plants: list,
    day,
    counts,
    rows: rows.filter((r) => (!q.state || r.state === q.state) && matches(r, q.search)).sort((a, b) => rank(a.state) - rank(b.state)),
  };
}
