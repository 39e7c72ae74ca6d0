import { carrierViewer } from '../../lib/policy.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { requestInputSchema } from '@freightdesk/shared/schemas/request';
import { awardRequest, carrierMoveOrder } from '../../modules/orders/orders.service.ts';
import { placeBid } from '../../modules/requests/bids.service.ts';
import { scheduleExpiry, windowJob } from '../../modules/requests/request-moves.ts';
import { createRequest } from '../../modules/requests/requests.service.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { stops } from '../schema/locations.ts';
import { plants } from '../schema/plants.ts';
import { bids } from '../schema/requests.ts';
import { vehicleTypes } from '../schema/settings.ts';
import { carriers, industries, industryCarriers } from '../schema/tenancy.ts';
import { verifyAssignment } from '../../modules/verification/verification.service.ts';
import { demoVerify, seedDemoExecution } from './demo-execution.ts';

const HOUR = 3_600_000;

/** The second demo carrier's login, so two carriers can bid against each other. */
export const DEMO_CARRIER_2 = {
  email: 'carrier2@demo.test',
  who: 'carrier user (type 2) of Sahyadri Logistics, linked to Demo Industries',
};

/** The demo shipper, its owner (with the demo password's hash), Vayu's user, the Pune plant, the 32 ft container. */
async function freightCast(db: Db) {
  const [demo] = await db.select({ id: industries.id }).from(industries).where(eq(industries.name, 'Demo Industries'));
  // The owner's hash is the demo password's: the second carrier reuses it instead of hashing again on start.
  const [owner] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'owner@demo.test'));
  const [vayuUser] = await db.select({ id: users.id, carrierId: users.carrierId }).from(users).where(eq(users.email, 'carrier@demo.test'));
  const [pune] = await db.select({ id: plants.id }).from(plants).where(eq(plants.code, 'PUN01'));
  const [truck] = await db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(isNull(vehicleTypes.industryId), eq(vehicleTypes.name, '32 ft MXL container')));
  if (!demo || !owner || !vayuUser?.carrierId || !pune || !truck) {
    throw new Error('seedDemoFreight needs the demo data of seedDemo');
  }
  return { demo, owner, pune, truck, vayu: { id: vayuUser.id, carrierId: vayuUser.carrierId } };
}

/** Sahyadri Logistics with its login, linked to the demo shipper, and the Bhiwandi DC; both links' ids. */
function seedSecondCarrier(db: Db, industryId: number, passwordHash: string | null) {
  return db.transaction(async (tx) => {
    const [carrier] = await tx
      .insert(carriers)
      .values({ name: 'Sahyadri Logistics', pan: 'AAECS4321L', contactName: 'Vikram Jadhav', mobile: '9000000006', city: 'Nashik' })
      .returning({ id: carriers.id });
    const [user] = await tx
      .insert(users)
      .values({
        userType: 2,
        name: 'Vikram Jadhav',
        email: DEMO_CARRIER_2.email,
        mobile: '9000000006',
        passwordHash,
        carrierId: carrier?.id,
      })
      .returning({ id: users.id });
    await tx.insert(industryCarriers).values({ industryId, carrierId: carrier?.id ?? 0, code: 'SAHY' });
    const [stop] = await tx
      .insert(stops)
      .values({
        industryId,
        name: 'Bhiwandi DC',
        type: 'drop',
        address: 'Gala 14, Rahnal Logistics Park, Bhiwandi',
        city: 'Thane',
        state: 'Maharashtra',
        pincode: '421302',
        latitude: 19.2813,
        longitude: 73.0483,
      })
      .returning({ id: stops.id });
    const linked = await tx.select({ id: industryCarriers.id }).from(industryCarriers).where(eq(industryCarriers.industryId, industryId));
    return {
      sahyadri: { id: user?.id ?? 0, carrierId: carrier?.id ?? 0 },
      links: linked.map((l) => l.id),
      stopId: stop?.id ?? 0,
    };
  });
}

type Carrier = { id: number; carrierId: number };
/** What the demo's auctions share: who runs them, who bids, the clock and the bid window's close. */
type Freight = {
  db: Db;
  now: number;
  owner: { id: number };
  actor: { id: number; industryId: number };
  vayu: Carrier;
  sahyadri: Carrier;
  at: (hours: number) => Date;
  /** A request whose bidding runs from `from` to `to` hours from now, picked up at `pickup`. */
  request: (from: number, to: number, pickup: number | Date, vehicleCount: number, remarks: string) => Promise<{ id: number }>;
  close: (job: { id: number }) => Promise<unknown>;
};

/** The awarded request: two orders to Vayu, the first with its vehicle assigned. */
async function seedAwarded({ db, actor, vayu, sahyadri, at, request, close }: Freight) {
  const awarded = await request(-72, -50, 18, 2, 'Monthly dispatch to the Bhiwandi DC.');
  await placeBid(db, vayu, awarded.id, { amountRupees: 39_500, vehicles: 2 }, at(-60));
  await placeBid(db, sahyadri, awarded.id, { amountRupees: 40_500, vehicles: 2 }, at(-55));
  await close({ id: awarded.id });
  const [vayuBid] = await db
    .select({ id: bids.id })
    .from(bids)
    .innerJoin(industryCarriers, eq(industryCarriers.id, bids.industryCarrierId))
    .where(and(eq(bids.requestId, awarded.id), eq(industryCarriers.carrierId, vayu.carrierId)));
  const { orders } = await awardRequest(db, actor, 1, awarded.id, { awards: [{ bidId: vayuBid?.id ?? 0, vehicles: 2 }] });
  const [first] = orders;
  if (first) {
    // Series IE: the built-in VAHAN's insurance ending in 10 days, so the demo's gate card is amber.
    await carrierMoveOrder(db, carrierViewer(vayu), first.id, 'vehicle_assigned', {
      vehicleNumber: 'MH14IE4521',
      driverName: 'Santosh Pawar',
      driverMobile: '9822098765',
    });
    await verifyAssignment(demoVerify(db), first.id, 'MH14IE4521');
  }
}

/** Today's dispatch, awarded two and two and walked on the road (demo-execution.ts). */
async function seedTodaysDispatch({ db, now, owner, actor, vayu, sahyadri, at, request, close }: Freight) {
  // Bidding closed at least 8 hours ago and an hour before the noon pickup (late in India's day, 8 hours ago is past noon).
  const noon = noonInIndia(now);
  const end = Math.min(-8, Math.floor((noon.getTime() - now) / HOUR) - 1);
  const today = await request(end - 22, end, noon, 4, "Today's dispatch to the Bhiwandi DC.");
  await placeBid(db, vayu, today.id, { amountRupees: 39_800, vehicles: 2 }, at(end - 12));
  await placeBid(db, sahyadri, today.id, { amountRupees: 39_600, vehicles: 2 }, at(end - 4));
  await close({ id: today.id });
  const todayBids = await db
    .select({ id: bids.id, linkId: industryCarriers.id, carrierId: industryCarriers.carrierId })
    .from(bids)
    .innerJoin(industryCarriers, eq(industryCarriers.id, bids.industryCarrierId))
    .where(eq(bids.requestId, today.id));
  const { orders: dispatched } = await awardRequest(db, actor, 1, today.id, {
    awards: todayBids.map((b) => ({ bidId: b.id, vehicles: 2 })),
  });
  const carrierByLink = new Map(todayBids.map((b) => [b.linkId, b.carrierId === vayu.carrierId ? vayu : sahyadri]));
  await seedDemoExecution(
    db,
    owner.id,
    dispatched.map((o) => ({ id: o.id, carrier: carrierByLink.get(o.carrierLinkId) ?? vayu })),
    now,
  );
}

/**
 * Freight for the demo shipper, made through the same services the API uses (numbering, invitations,
 * bids, the close job, award, vehicle assignment), so every screen has something to open:
 * - a live auction with a bid from each demo carrier (Vayu is outbid and may revise);
 * - an auction that closed two hours ago, awaiting award;
 * - an awarded request: two orders to Vayu, one with its vehicle assigned;
 * - today's dispatch (picked up at noon, India time): four orders, two each, on the road
 *   (demo-execution.ts: reported, loaded, in transit with an e-way bill, arrived).
 * Runs after seedDemo, on a new database only.
 */
export async function seedDemoFreight(db: Db, now = Date.now()): Promise<void> {
  const { demo, owner, pune, truck, vayu } = await freightCast(db);
  const { sahyadri, links, stopId } = await seedSecondCarrier(db, demo.id, owner.passwordHash);
  const actor = { id: owner.id, industryId: demo.id };
  const at = (hours: number) => new Date(now + hours * HOUR);
  const request = (from: number, to: number, pickup: number | Date, vehicleCount: number, remarks: string) =>
    createRequest(
      db,
      actor,
      requestInputSchema.parse({
        requestType: 1,
        plantId: pune.id,
        dropoffs: [{ stopId }],
        weightTonnes: 14 * vehicleCount,
        vehicleTypeId: truck.id,
        vehicleCount,
        bidStartAt: at(from).toISOString(),
        bidEndAt: at(to).toISOString(),
        pickupAt: (pickup instanceof Date ? pickup : at(pickup)).toISOString(),
        targetPriceRupees: 42_000,
        carrierLinkIds: links,
        remarks,
      }),
      at(from),
    );
  const close = windowJob(db, 'open', 'closed', 'bid window', scheduleExpiry);
  const freight: Freight = { db, now, owner, actor, vayu, sahyadri, at, request, close };
  await seedAwarded(freight);

  const awaiting = await request(-26, -2, 22, 2, 'Returnable pallets go back with the truck.');
  await placeBid(db, vayu, awaiting.id, { amountRupees: 40_200, vehicles: 2 }, at(-20));
  await placeBid(db, sahyadri, awaiting.id, { amountRupees: 39_900, vehicles: 1 }, at(-6));
  await close({ id: awaiting.id });

  await seedTodaysDispatch(freight);

  const live = await request(-1, 47, 68, 3, 'Auto parts in crates; loading at dock 3.');
  await placeBid(db, vayu, live.id, { amountRupees: 41_500, vehicles: 2 }, at(-0.5));
  await placeBid(db, sahyadri, live.id, { amountRupees: 40_800, vehicles: 3 }, at(-0.25));
}

/** Noon of the India day `now` falls on: the demo's dispatch is always today's on the gate board. */
function noonInIndia(now: number): Date {
  const india = new Date(now + 5.5 * HOUR);
  return new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), 6, 30));
}
