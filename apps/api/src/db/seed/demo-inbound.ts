import { and, eq, isNull } from 'drizzle-orm';
import { partyInputSchema } from '@freightdesk/shared/schemas/party';
import { requestInputSchema } from '@freightdesk/shared/schemas/request';
import { awardRequest } from '../../modules/orders/orders.service.ts';
import { clientResource, vendorResource } from '../../repositories/parties.repository.ts';
import { placeBid } from '../../modules/requests/bids.service.ts';
import { scheduleExpiry, windowJob } from '../../modules/requests/request-moves.ts';
import { createRequest } from '../../modules/requests/requests.service.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { plants } from '../schema/plants.ts';
import { bids } from '../schema/requests.ts';
import { vehicleTypes } from '../schema/settings.ts';
import { industries, industryCarriers } from '../schema/tenancy.ts';
import { DEMO_CARRIER_2 } from './demo-freight.ts';

const HOUR = 3_600_000;

/** The demo shipper, its owner, both carriers' users, the Pune plant and the 32 ft container. */
async function inboundCast(db: Db) {
  const [demo] = await db.select({ id: industries.id }).from(industries).where(eq(industries.name, 'Demo Industries'));
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));
  const carrierUsers = await db
    .select({ id: users.id, email: users.email, carrierId: users.carrierId })
    .from(users)
    .where(eq(users.userType, 2));
  const vayu = carrierUsers.find((u) => u.email === 'carrier@demo.test');
  const sahyadri = carrierUsers.find((u) => u.email === DEMO_CARRIER_2.email);
  const [pune] = await db.select({ id: plants.id }).from(plants).where(eq(plants.code, 'PUN01'));
  const [truck] = await db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(isNull(vehicleTypes.industryId), eq(vehicleTypes.name, '32 ft MXL container')));
  if (!demo || !owner || !vayu?.carrierId || !sahyadri?.carrierId || !pune || !truck) {
    throw new Error('seedDemoInbound needs the demo data and the sample freight');
  }
  return {
    demo,
    pune,
    truck,
    actor: { id: owner.id, industryId: demo.id },
    vayu: { id: vayu.id, carrierId: vayu.carrierId },
    sahyadri: { id: sahyadri.id, carrierId: sahyadri.carrierId },
  };
}

/** The vendor (castings from Bhosari MIDC) and the client (a retail chain's warehouse, with its people); the vendor's works' address id. */
async function seedParties(db: Db, actor: { id: number; industryId: number }): Promise<number> {
  const vendor = await vendorResource.create(
    db,
    actor,
    partyInputSchema.parse({
      company: 'Ganesh Auto Castings',
      contactName: 'Prakash Deshmukh',
      mobile: '9822044001',
      email: 'dispatch@ganeshcastings.example',
      addresses: [
        {
          label: 'Bhosari works',
          address: 'Plot B-12, MIDC Bhosari',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411026',
          latitude: 18.6298,
          longitude: 73.847,
        },
      ],
      contacts: [{ name: 'Prakash Deshmukh', designation: 'Dispatch in-charge', mobile: '9822044001' }],
    }),
  );
  await clientResource.create(
    db,
    actor,
    partyInputSchema.parse({
      company: 'Surya Retail',
      contactName: 'Meera Joshi',
      mobile: '9822055001',
      email: 'inbound@suryaretail.example',
      addresses: [
        {
          label: 'Nagpur warehouse',
          address: 'Survey 41, Wadi, Amravati Road',
          city: 'Nagpur',
          state: 'Maharashtra',
          pincode: '440023',
          latitude: 21.1567,
          longitude: 78.9877,
        },
      ],
      contacts: [
        { name: 'Meera Joshi', designation: 'Warehouse manager', mobile: '9822055001', email: 'meera@suryaretail.example' },
        { name: 'Arun Kale', designation: 'Receiving supervisor', mobile: '9822055002' },
      ],
    }),
  );
  return vendor.addresses[0]?.id ?? 0;
}

/**
 * The demo shipper's suppliers and customers, and what comes in from them, made through the same
 * services the API uses: a vendor (castings from Bhosari MIDC) and a client (a retail chain's
 * warehouse, with its people, for Client contacts); an inbound auction from the vendor to the Pune
 * plant that both carriers bid on; and an inbound load awarded yesterday to Sahyadri, waiting for
 * its vehicle. Runs after seedDemoFreight (its carriers), on a new database only.
 */
export async function seedDemoInbound(db: Db, now = Date.now()): Promise<void> {
  const { demo, pune, truck, actor, vayu, sahyadri } = await inboundCast(db);
  const pickupAddressId = await seedParties(db, actor);
  const links = await db.select({ id: industryCarriers.id }).from(industryCarriers).where(eq(industryCarriers.industryId, demo.id));
  const at = (hours: number) => new Date(now + hours * HOUR);
  /** An inbound request from the vendor's works to the Pune plant, bidding from `from` to `to` hours from now. */
  const request = (from: number, to: number, pickup: number, remarks: string) =>
    createRequest(
      db,
      actor,
      requestInputSchema.parse({
        requestType: 2,
        plantId: pune.id,
        pickupAddressId,
        weightTonnes: 12,
        vehicleTypeId: truck.id,
        vehicleCount: 1,
        bidStartAt: at(from).toISOString(),
        bidEndAt: at(to).toISOString(),
        pickupAt: at(pickup).toISOString(),
        targetPriceRupees: 9_000,
        carrierLinkIds: links.map((l) => l.id),
        remarks,
      }),
      at(from),
    );

  const yesterday = await request(-30, -20, 20, 'Castings on pallets; the vendor loads.');
  await placeBid(db, sahyadri, yesterday.id, { amountRupees: 8_600, vehicles: 1 }, at(-25));
  await placeBid(db, vayu, yesterday.id, { amountRupees: 8_900, vehicles: 1 }, at(-24));
  await windowJob(db, 'open', 'closed', 'bid window', scheduleExpiry)({ id: yesterday.id });
  const [lowest] = await db.select({ id: bids.id }).from(bids).where(eq(bids.requestId, yesterday.id)).orderBy(bids.amountPaise).limit(1);
  await awardRequest(db, actor, 2, yesterday.id, { awards: [{ bidId: lowest?.id ?? 0, vehicles: 1 }] });

  const live = await request(-2, 30, 40, 'Weekly castings run; unload at the stores dock.');
  await placeBid(db, sahyadri, live.id, { amountRupees: 8_750, vehicles: 1 }, at(-1));
}
