import { eq } from 'drizzle-orm';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { ewayBillInputSchema } from '@freightdesk/shared/schemas/eway-bill';
import { gateInBodySchema, gateOutBodySchema, loadedBodySchema } from '@freightdesk/shared/schemas/execution';
import type { AuthUser } from '../../lib/access.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { carrierViewer } from '../../lib/policy.ts';
import { indiaDay } from '../../repositories/common/rows.ts';
import { createEwayBillSimulator } from '../../modules/eway-bills/eway-bill-simulator.ts';
import { addBill, billOrder } from '../../modules/eway-bills/eway-bills.service.ts';
import { gateIn, gateOut, weigh } from '../../modules/gate/gate.service.ts';
import { createRegisterSimulator } from '../../modules/verification/registers.ts';
import { verifyAssignment } from '../../modules/verification/verification.service.ts';
import { arriveAtDestination, reportAtPlant } from '../../modules/orders/carrier-moves.service.ts';
import { carrierMoveOrder } from '../../modules/orders/orders.service.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { demoTimeline, stampDemoTimes } from './demo-times.ts';

/** A demo order of one carrier, as the award left it (placed). */
export type DemoOrder = { id: number; carrier: { id: number; carrierId: number } };

/** The day's vehicles: number, driver, mobile. */
const VEHICLES = [
  ['MH12RT7781', 'Dnyaneshwar Kale', '9822011101'],
  ['MH14KQ2290', 'Imran Shaikh', '9822011102'],
  ['MH04HY6612', 'Gurpreet Singh', '9822011103'],
  ['MH43BP0456', 'Ravi Yadav', '9822011104'],
] as const;

/** The demo's VAHAN and SARATHI: the built-in simulator, as the API uses without ULIP (issue 37). */
export const demoVerify = (db: Db) => ({ db, registers: createRegisterSimulator(), log: { warn: () => undefined } });

/** What a demo order goes through, in order. */
export const DEMO_STEPS = ['reported', 'loaded', 'gate_out', 'arrived'] as const;
export type DemoStep = (typeof DEMO_STEPS)[number];
export type DemoVehicle = readonly [vehicleNumber: string, driverName: string, driverMobile: string];

/** The demo owner as the gate's guard: the owner holds every permission of its company. */
export async function demoGuard(db: Db, ownerId: number): Promise<AuthUser> {
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!owner?.industryId) {
    throw new Error('the demo needs its owner');
  }
  return {
    id: owner.id,
    sessionId: 0,
    userType: 3,
    name: owner.name,
    email: owner.email ?? '',
    mobile: owner.mobile,
    profilePicture: null,
    industryId: owner.industryId,
    industryName: null,
    carrierId: null,
    roleName: null,
    permissions: [...PERMISSIONS],
    plantIds: [],
    businessUnitIds: [],
  } as AuthUser;
}

/** When a demo order reached its last step, and (today's dispatch) the earliest any of its moves may be. */
export type DemoClock = { endAt: Date; notBefore?: Date };

/**
 * Moves one demo order along the road up to `step` through the same services the API calls: the
 * carrier assigns the vehicle and reports, the gate lets it in, weighs it, records its e-way bill
 * (from the built-in e-way bill simulator) and lets it out; the carrier marks it arrived. Then its
 * moves are dated back to a realistic trip ending at `clock.endAt` (demo-times.ts).
 */
export async function walkDemoOrder(
  db: Db,
  guard: AuthUser,
  order: DemoOrder,
  vehicle: DemoVehicle,
  step: DemoStep,
  i: number,
  clock: DemoClock,
) {
  await walkThroughServices(db, guard, order, vehicle, step, i);
  await stampDemoTimes(db, order.id, demoTimeline(step, clock.endAt, i, clock.notBefore));
}

async function walkThroughServices(db: Db, guard: AuthUser, order: DemoOrder, vehicle: DemoVehicle, step: DemoStep, i: number) {
  const carrier = carrierViewer(order.carrier);
  const [vehicleNumber, driverName, driverMobile] = vehicle;
  await carrierMoveOrder(db, carrier, order.id, 'vehicle_assigned', { vehicleNumber, driverName, driverMobile });
  await verifyAssignment(demoVerify(db), order.id, vehicleNumber);
  await reportAtPlant(db, carrier, order.id);
  if (step === 'reported') {
    return;
  }
  await gateIn(db, guard, 1, order.id, gateInBodySchema.parse({ vehicleNumber, driverChecked: true }), demoVerify(db));
  const load = {
    grossKg: 24_180 + i * 130,
    tareKg: 9_860,
    sealNumber: `SL-${48_210 + i}`,
    invoiceNumber: `INV/26-27/${1_841 + i}`,
    lrNumber: `LR-${70_311 + i}`,
  };
  await weigh(db, guard, 1, order.id, loadedBodySchema.parse(load));
  if (step === 'loaded') {
    return;
  }
  const bill = await billOrder(db, guard, 'change', order.id, 1);
  await addBill(db, createEwayBillSimulator(), guard, bill, ewayBillInputSchema.parse({ number: `3410${62_781_451 + i}` }));
  await gateOut(db, guard, 1, order.id, gateOutBodySchema.parse({ documents: ['invoice', 'lr', 'eway_bill'] }));
  if (step === 'arrived') {
    await arriveAtDestination(db, carrier, order.id);
  }
}

/** Minutes before the seed each of today's vehicles reached its step: just reported, loaded a while ago, and so on. */
const TODAY_MINUTES_AGO: Record<DemoStep, number> = { reported: 25, loaded: 10, gate_out: 50, arrived: 20 };

/**
 * Today's dispatch of the demo, moved along the road, so the gate board, the order pages and the
 * dashboard's in-transit card have real work on a first start: one vehicle reported at the gate,
 * one inside and loaded, one gone out with its e-way bill, one arrived awaiting its POD. Their
 * moves all fall on India's day of `now` (shortened when the seed runs just after midnight).
 */
export async function seedDemoExecution(db: Db, ownerId: number, orders: DemoOrder[], now = Date.now()): Promise<void> {
  const guard = await demoGuard(db, ownerId);
  const dayStart = indiaDay(indiaToday(new Date(now)));
  for (const [i, order] of orders.entries()) {
    const step = DEMO_STEPS[i];
    const vehicle = VEHICLES[i];
    if (!step || !vehicle) {
      break;
    }
    const endAt = new Date(Math.max(now - TODAY_MINUTES_AGO[step] * 60_000, dayStart.getTime() + 60_000 * (i + 1)));
    await walkDemoOrder(db, guard, order, vehicle, step, i, { endAt: new Date(Math.min(endAt.getTime(), now)), notBefore: dayStart });
  }
}
