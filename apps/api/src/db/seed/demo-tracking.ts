import { and, eq, sql } from 'drizzle-orm';
import { offlineOrderBodySchema } from '@freightdesk/shared/schemas/order';
import type { TrackingChoice } from '@freightdesk/shared/schemas/tracking';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { createOfflineOrder } from '../../modules/orders/offline-orders.service.ts';
import { setOrderTracking } from '../../modules/tracking/order-tracking.service.ts';
import { DEMO_PHONE_IDENTIFIER } from '../../modules/tracking/providers/demo-devices.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { stops } from '../schema/locations.ts';
import { plants } from '../schema/plants.ts';
import { vehicleTypes } from '../schema/settings.ts';
import { carriers, industryCarriers } from '../schema/tenancy.ts';
import { trackingDevices } from '../schema/tracking.ts';
import { type DemoVehicle, demoGuard, walkDemoOrder } from './demo-execution.ts';

const HOUR = 3_600_000;

/**
 * One trip on the road per tracking kind, from the Pune plant: `hoursAgo` it left the gate, and
 * the built-in simulators move it from there while the app runs (the demo phone reports every
 * minute, the SIM is pinged every 15 minutes, FASTag crosses the Mumbai–Pune expressway plazas,
 * the rake runs the Central Railway to Delhi).
 */
const TRIPS: { vehicle: DemoVehicle; to: 'bhiwandi' | 'delhi'; hoursAgo: number; choice: TrackingChoice | 'demo phone' }[] = [
  {
    vehicle: ['MH12PQ4410', 'Sunil Shinde', '9822011105'],
    to: 'bhiwandi',
    hoursAgo: 0.7,
    choice: 'demo phone',
  },
  {
    vehicle: ['MH14LM2231', 'Ajay Gaikwad', '9822011106'],
    to: 'bhiwandi',
    hoursAgo: 1,
    choice: { method: 'sim', simNumber: '9822011106', simOperator: 'airtel' },
  },
  { vehicle: ['MH12KX9087', 'Harish Patil', '9822011107'], to: 'bhiwandi', hoursAgo: 1.5, choice: { method: 'fastag' } },
  { vehicle: ['MH43CR5520', 'Mohan Jadhav', '9822011108'], to: 'delhi', hoursAgo: 6, choice: { method: 'rail', fnr: '26112412345' } },
];

/** The demo's phone: simulated by the server (never taken from outside), the shipper's. */
async function demoPhone(db: Db, industryId: number, userId: number): Promise<TrackingChoice> {
  const [device] = await db
    .insert(trackingDevices)
    .values({
      identifier: DEMO_PHONE_IDENTIFIER,
      kind: 'phone',
      credential: 'simulated',
      name: 'Demo driver phone (simulated)',
      industryId,
      createdBy: userId,
    })
    .returning({ id: trackingDevices.id });
  return { method: 'device', deviceId: device?.id ?? 0 };
}

/**
 * Trips in transit on each tracking kind, made through the services (offline orders of Vayu walked
 * to gate out, then their tracking set), their departure moved back so each is somewhere on its
 * lane at the first start. The phone-SIM driver has already consented. Runs after seedDemoFreight.
 */
export async function seedDemoTracking(db: Db, now = Date.now()): Promise<void> {
  const [owner] = await db.select({ id: users.id, industryId: users.industryId }).from(users).where(eq(users.email, 'owner@demo.test'));
  const [vayu] = await db.select({ id: users.id, carrierId: users.carrierId }).from(users).where(eq(users.email, 'carrier@demo.test'));
  const [pune] = await db.select({ id: plants.id }).from(plants).where(eq(plants.code, 'PUN01'));
  const [truck] = await db.select({ id: vehicleTypes.id }).from(vehicleTypes).where(eq(vehicleTypes.name, '32 ft MXL container'));
  const [bhiwandi] = await db.select({ id: stops.id }).from(stops).where(eq(stops.name, 'Bhiwandi DC'));
  const [link] = await db
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(and(eq(industryCarriers.industryId, owner?.industryId ?? 0), eq(carriers.name, 'Vayu Roadlines')));
  if (!owner?.industryId || !vayu?.carrierId || !pune || !truck || !bhiwandi || !link) {
    throw new Error('seedDemoTracking needs the demo data of seedDemo and seedDemoFreight');
  }
  const [delhi] = await db
    .insert(stops)
    .values({
      industryId: owner.industryId,
      name: 'Tughlakabad ICD',
      type: 'drop',
      address: 'Inland Container Depot, Tughlakabad',
      city: 'New Delhi',
      state: 'Delhi',
      pincode: '110044',
      latitude: 28.505,
      longitude: 77.292,
    })
    .returning({ id: stops.id });
  const guard = await demoGuard(db, owner.id);
  const scope = ruleOrForbidden(guard, 'order', 'change', 1); // asked of the policy as the route does (record 0277)
  for (const [i, trip] of TRIPS.entries()) {
    const left = new Date(now - trip.hoursAgo * HOUR);
    const order = await createOfflineOrder(
      db,
      guard,
      owner.industryId,
      1,
      offlineOrderBodySchema(1).parse({
        carrierLinkId: link.id,
        plantId: pune.id,
        vehicleTypeId: truck.id,
        priceRupees: trip.to === 'delhi' ? 118_000 : 40_500,
        pickupAt: new Date(left.getTime() - HOUR).toISOString(),
        dropoffs: [{ stopId: trip.to === 'delhi' ? (delhi?.id ?? 0) : bhiwandi.id }],
        weightTonnes: 18,
      }),
    );
    await walkDemoOrder(db, guard, { id: order.id, carrier: { id: vayu.id, carrierId: vayu.carrierId } }, trip.vehicle, 'gate_out', 4 + i, {
      endAt: left,
    });
    const choice = trip.choice === 'demo phone' ? await demoPhone(db, owner.industryId, owner.id) : trip.choice;
    await setOrderTracking(db, { id: guard.id, industryId: owner.industryId }, order.id, choice, scope);
    await db.execute(sql`
      update order_tracking set started_at = ${left.toISOString()}::timestamptz,
        consent_state = case when method = 'sim' then 'approved' else consent_state end,
        consent_expires_at = case when method = 'sim' then ${new Date(now + 365 * 24 * HOUR).toISOString()}::timestamptz end,
        provider_state = case when method = 'sim' then ${JSON.stringify({ consentRequestedAt: new Date(now - 2 * HOUR).toISOString() })}::jsonb end
      where order_id = ${order.id}`);
  }
}
