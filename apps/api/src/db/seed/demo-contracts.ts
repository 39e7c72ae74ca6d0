import { and, eq, isNull, sql } from 'drizzle-orm';
import { indentInputSchema } from '@freightdesk/shared/schemas/indent';
import { rfqInputSchema } from '@freightdesk/shared/schemas/rfq';
import { permissionsFor } from '../../lib/access.ts';
import type { Viewer } from '../../lib/policy.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { createIndents } from '../../modules/indents/indents.service.ts';
import { awardRfq } from '../../modules/rfqs/rfq-award.service.ts';
import { closeRound, openRound, submitQuotes } from '../../modules/rfqs/rfq-rounds.service.ts';
import { createRfq } from '../../modules/rfqs/rfqs.service.ts';
import { indiaToday } from '../../lib/india-time.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { stops } from '../schema/locations.ts';
import { plants } from '../schema/plants.ts';
import { vehicleTypes } from '../schema/settings.ts';
import { industries, industryCarriers } from '../schema/tenancy.ts';

const DAY = 86_400_000;
/** The India-time day `days` after `now`, as YYYY-MM-DD. */
const indiaDay = (now: number, days: number) => indiaToday(new Date(now + days * DAY));

type Quotes = Parameters<typeof submitQuotes>[4]['quotes'];

/**
 * The annual RFQ's round 1, run yesterday for an hour: each carrier's quotes, then the close at
 * its end. The award follows now, so no time on the RFQ lies ahead of the clock (issue 38: an
 * awarded RFQ read "Closed" at a time still to come when the seed closed it an hour ahead).
 */
async function runAnnualRound(db: Db, owner: Viewer, rfqId: number, now: number, quotes: [Viewer, Quotes][]) {
  const roundStart = new Date(now - DAY);
  const roundEnd = new Date(now - DAY + 3_600_000);
  await openRound(db, owner, rfqId, ruleOrForbidden(owner, 'rfq', 'change'), { endsAt: roundEnd.toISOString() }, roundStart);
  for (const [viewer, list] of quotes) {
    await submitQuotes(db, viewer, rfqId, ruleOrForbidden(viewer, 'rfq', 'read'), { quotes: list }, roundStart);
  }
  await closeRound(db, rfqId, 1, roundEnd);
}

/** The demo shipper and owner, both carriers' users and links, the Pune plant, the Bhiwandi DC, two vehicle types. */
async function contractsCast(db: Db) {
  const [demo] = await db.select({ id: industries.id }).from(industries).where(eq(industries.name, 'Demo Industries'));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
  const carrierUsers = await db
    .select({ id: users.id, carrierId: users.carrierId, email: users.email })
    .from(users)
    .where(sql`${users.email} in ('carrier@demo.test', 'carrier2@demo.test')`);
  const [pune] = await db.select({ id: plants.id }).from(plants).where(eq(plants.code, 'PUN01'));
  const [bhiwandi] = await db.select({ id: stops.id }).from(stops).where(eq(stops.name, 'Bhiwandi DC'));
  const vehicle = async (name: string) =>
    (
      await db
        .select({ id: vehicleTypes.id })
        .from(vehicleTypes)
        .where(and(isNull(vehicleTypes.industryId), eq(vehicleTypes.name, name)))
    )[0]?.id;
  const [container, lcv] = [await vehicle('32 ft MXL container'), await vehicle('19 ft')];
  const vayu = carrierUsers.find((u) => u.email === 'carrier@demo.test');
  const sahyadri = carrierUsers.find((u) => u.email === 'carrier2@demo.test');
  if (!demo || !owner || !pune || !bhiwandi || !container || !lcv || !vayu?.carrierId || !sahyadri?.carrierId) {
    throw new Error('seedDemoContracts needs the demo data and the sample freight');
  }
  const links = await db
    .select({ id: industryCarriers.id, carrierId: industryCarriers.carrierId })
    .from(industryCarriers)
    .where(eq(industryCarriers.industryId, demo.id));
  const linkOf = (carrierId: number) => links.find((l) => l.carrierId === carrierId)?.id ?? 0;
  const vayuLink = linkOf(vayu.carrierId);
  const sahyadriLink = linkOf(sahyadri.carrierId);
  return { demo, owner, pune, bhiwandi, container, lcv, vayu, sahyadri, vayuLink, sahyadriLink };
}

/** The Nashik depot, the second lane's destination. */
async function seedNashik(db: Db, industryId: number) {
  const [nashik] = await db
    .insert(stops)
    .values({
      industryId,
      name: 'Nashik Depot',
      type: 'drop',
      address: 'Plot 22, MIDC Ambad, Nashik',
      city: 'Nashik',
      state: 'Maharashtra',
      pincode: '422010',
      latitude: 19.9628,
      longitude: 73.7348,
    })
    .returning({ id: stops.id });
  return nashik?.id ?? 0;
}

/** The demo owner as the policy sees them (every shipper permission, all plants). */
function ownerViewerOf(ownerId: number, industryId: number): Viewer {
  return {
    id: ownerId,
    userType: 3,
    industryId,
    carrierId: null,
    permissions: permissionsFor(3, null, true),
    plantIds: [],
    businessUnitIds: [],
  };
}

/** A carrier's user as the policy sees them. */
const carrierViewerOf = (owner: Viewer, u: { id: number; carrierId: number | null }): Viewer => ({
  ...owner,
  id: u.id,
  userType: 2,
  industryId: null,
  carrierId: u.carrierId,
  permissions: [],
});

type Cast = Awaited<ReturnType<typeof contractsCast>>;
/** What the demo's RFQs share: the cast, the Nashik depot, the owner as actor and viewer, the clock. */
type Contracts = Cast & { db: Db; now: number; nashik: number; actor: { id: number; industryId: number }; ownerViewer: Viewer };

/** An RFQ lane from the Pune plant to a stop. */
const laneOf = (c: Contracts, destination: number, vehicleTypeId: number, tripsPerMonth: number, benchmarkRupees: number) => ({
  origin: { kind: 'plant', id: c.pune.id },
  destination: { kind: 'stop', id: destination },
  vehicleTypeId,
  tripsPerMonth,
  weightTonnes: 14,
  benchmarkRupees,
});

/** Last season's RFQ, quoted by both carriers and awarded: the contracts run from today for a year. The Bhiwandi lane's id. */
async function seedAnnual(c: Contracts) {
  const { db, actor, now } = c;
  const annual = await createRfq(
    db,
    actor,
    ruleOrForbidden(c.ownerViewer, 'rfq', 'change'),
    rfqInputSchema.parse({
      title: 'West lanes 2026-27',
      plantId: c.pune.id,
      periodFrom: indiaDay(now, 0),
      periodTo: indiaDay(now, 364),
      lanes: [laneOf(c, c.bhiwandi.id, c.container, 40, 41_000), laneOf(c, c.nashik, c.lcv, 12, 26_000)],
      carrierLinkIds: [c.vayuLink, c.sahyadriLink],
    }),
  );
  const [toBhiwandi, toNashik] = annual.laneList;
  await runAnnualRound(db, c.ownerViewer, annual.id, now, [
    [
      carrierViewerOf(c.ownerViewer, c.vayu),
      [
        { laneId: toBhiwandi?.id ?? 0, amountRupees: 38_500 },
        { laneId: toNashik?.id ?? 0, declined: true },
      ],
    ],
    [
      carrierViewerOf(c.ownerViewer, c.sahyadri),
      [
        { laneId: toBhiwandi?.id ?? 0, amountRupees: 39_200 },
        { laneId: toNashik?.id ?? 0, amountRupees: 24_800 },
      ],
    ],
  ]);
  await awardRfq(db, actor, annual.id, ruleOrForbidden(c.ownerViewer, 'rfq', 'change'), {
    lanes: [
      {
        laneId: toBhiwandi?.id ?? 0,
        splits: [
          { carrierLinkId: c.vayuLink, sharePct: 60 },
          { carrierLinkId: c.sahyadriLink, sharePct: 40 },
        ],
      },
      { laneId: toNashik?.id ?? 0, splits: [{ carrierLinkId: c.sahyadriLink, sharePct: 100 }] },
    ],
  });
  return toBhiwandi?.id;
}

/**
 * Demo contracts, made through the app's services (after the sample freight): last season's RFQ
 * of Demo Industries, quoted by both carriers and awarded — the Bhiwandi lane split 60/40
 * (Vayu/Sahyadri), the Nashik lane to Sahyadri — so Contracts shows two active contracts; an
 * indent on the split lane asked of Vayu (its portal shows it to answer); and a second RFQ still
 * open for quotes, ending in three days.
 */
export async function seedDemoContracts(db: Db, now = Date.now()): Promise<void> {
  const cast = await contractsCast(db);
  const nashik = await seedNashik(db, cast.demo.id);
  const actor = { id: cast.owner.id, industryId: cast.demo.id };
  const ownerViewer = ownerViewerOf(cast.owner.id, cast.demo.id);
  const c: Contracts = { ...cast, db, now, nashik, actor, ownerViewer };
  const toBhiwandi = await seedAnnual(c);

  // Tomorrow's indent on the split lane: Vayu (most behind its share) is asked first.
  const tomorrow10 = new Date(`${indiaDay(now, 1)}T10:00:00+05:30`);
  await createIndents(
    db,
    ownerViewer,
    cast.demo.id,
    [
      indentInputSchema.parse({
        laneId: toBhiwandi,
        vehicles: 2,
        reportingAt: tomorrow10.toISOString(),
        remarks: 'Two trucks for the Bhiwandi DC restock.',
      }),
    ],
    new Date(now),
  );

  // An RFQ still taking quotes.
  const quarterly = await createRfq(
    db,
    actor,
    ruleOrForbidden(ownerViewer, 'rfq', 'change'),
    rfqInputSchema.parse({
      title: 'Nashik lanes, next quarter',
      plantId: cast.pune.id,
      periodFrom: indiaDay(now, 30),
      periodTo: indiaDay(now, 120),
      lanes: [laneOf(c, nashik, cast.container, 20, 30_000)],
      carrierLinkIds: [cast.vayuLink, cast.sahyadriLink],
    }),
  );
  await openRound(
    db,
    actor,
    quarterly.id,
    ruleOrForbidden(ownerViewer, 'rfq', 'change'),
    { endsAt: new Date(now + 3 * DAY).toISOString() },
    new Date(now),
  );
}
