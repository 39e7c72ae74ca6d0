import { count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client.ts';
import { hashPassword } from '../../lib/password.ts';
import { users } from '../schema/auth.ts';
import { platformSettings } from '../schema/platform.ts';
import { plants } from '../schema/plants.ts';
import { businessUnits, carriers, industries, industryCarriers, plans, roles, subscriptions } from '../schema/tenancy.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_LOGINS = [
  { email: 'admin@demo.test', who: 'platform admin (type 1)' },
  { email: 'owner@demo.test', who: 'shipper owner (type 3) of Demo Industries, with a plan' },
  { email: 'staff@demo.test', who: 'shipper staff (type 4) of Demo Industries, no plant permissions' },
  { email: 'noplan@demo.test', who: 'shipper owner (type 3) of Sunrise Polymers, no plan' },
  { email: 'carrier@demo.test', who: 'carrier user (type 2) of Vayu Roadlines, linked to Demo Industries' },
] as const;

export async function hasUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/** Are the demo accounts there (so the start log may list them)? */
export async function hasDemoUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.email, DEMO_LOGINS[1].email));
  return (row?.n ?? 0) > 0;
}

/** The platform's own tax and bank details (issue 33): a Maharashtra registration, so plans sold in Maharashtra carry CGST + SGST. */
export const DEMO_PLATFORM_BILLING = {
  legalName: 'Freightdesk Technologies Private Limited',
  gstin: '27AAACF4321R1ZE',
  pan: 'AAACF4321R',
  address: '4th floor, Baner Business Bay, Baner Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  bankAccountName: 'Freightdesk Technologies Pvt Ltd',
  bankAccountNumber: '50200012345678',
  bankIfsc: 'HDFC0000123',
  bankName: 'HDFC Bank',
};

/** The platform's catalogue of plans and its own bank and tax details; the first plan (Growth) returned. */
async function seedPlatform(tx: DbOrTx) {
  await tx.insert(platformSettings).values({ key: 'platform_billing', value: DEMO_PLATFORM_BILLING });
  const [plan] = await tx
    .insert(plans)
    .values([
      { name: 'Growth', pricePaise: 2_500_000_00, durationDays: 365, noOfMembers: 10, noOfPlants: 5 },
      { name: 'Starter', pricePaise: 60_000_00, durationDays: 365, noOfMembers: 3, noOfPlants: 1 },
    ])
    .returning({ id: plans.id });
  return plan;
}

/** The two shippers and the carrier linked to Demo Industries. */
async function seedCompanies(tx: DbOrTx) {
  const [demo, sunrise] = await tx
    .insert(industries)
    .values([
      { name: 'Demo Industries', gstin: '27AAPFU0939F1ZV' },
      { name: 'Sunrise Polymers', gstin: '24AAACS1234A1Z8' },
    ])
    .returning({ id: industries.id });
  const [carrier] = await tx.insert(carriers).values({ name: 'Vayu Roadlines', pan: 'AABCV1234K' }).returning({ id: carriers.id });
  if (!demo || !sunrise || !carrier) {
    throw new Error('demo seed failed');
  }
  await tx.insert(industryCarriers).values({ industryId: demo.id, carrierId: carrier.id, code: 'VAYU' });
  return { demo, sunrise, carrier };
}

/** Demo Industries on the Growth plan: a year that began thirty days ago. */
async function seedSubscription(tx: DbOrTx, industryId: number) {
  const plan = await seedPlatform(tx);
  if (!plan) {
    throw new Error('demo seed failed');
  }
  const now = Date.now();
  await tx.insert(subscriptions).values({
    industryId,
    planId: plan.id,
    startsAt: new Date(now - 30 * 86_400_000),
    endsAt: new Date(now + 335 * 86_400_000),
  });
}

/** The five demo logins (DEMO_LOGINS), the staff user with the Dispatcher role. */
async function seedUsers(tx: DbOrTx, passwordHash: string, { demo, sunrise, carrier }: Awaited<ReturnType<typeof seedCompanies>>) {
  const [dispatcher] = await tx
    .insert(roles)
    .values({
      industryId: demo.id,
      name: 'Dispatcher',
      permissions: ['list-outbound-request', 'add-outbound-request', 'list-outbound-order', 'list-industry-transporter'],
    })
    .returning({ id: roles.id });
  await tx.insert(users).values([
    { userType: 1, name: 'Platform Admin', email: 'admin@demo.test', mobile: '9000000001', passwordHash },
    { userType: 3, name: 'Asha Kulkarni', email: 'owner@demo.test', mobile: '9000000002', passwordHash, industryId: demo.id },
    {
      userType: 4,
      name: 'Ravi Patil',
      email: 'staff@demo.test',
      mobile: '9000000003',
      passwordHash,
      industryId: demo.id,
      roleId: dispatcher?.id,
    },
    { userType: 3, name: 'Meera Shah', email: 'noplan@demo.test', mobile: '9000000004', passwordHash, industryId: sunrise.id },
    { userType: 2, name: 'Imran Khan', email: 'carrier@demo.test', mobile: '9000000005', passwordHash, carrierId: carrier.id },
  ]);
}

/** Two business units and three plants of Demo Industries (the Chennai plant inactive). */
async function seedPlants(tx: DbOrTx, industryId: number) {
  const [west, south] = await tx
    .insert(businessUnits)
    .values([
      { industryId, name: 'West Region', code: 'WEST' },
      { industryId, name: 'South Region', code: 'SOUTH' },
    ])
    .returning({ id: businessUnits.id });
  await tx.insert(plants).values([
    {
      industryId,
      businessUnitId: west?.id,
      name: 'Pune Chakan Plant',
      code: 'PUN01',
      gstin: '27AAPFU0939F1ZV',
      address: 'Plot 12, MIDC Phase II, Chakan',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '410501',
      latitude: 18.7606,
      longitude: 73.8636,
      contactName: 'Sanjay Deshmukh',
      contactMobile: '9822012345',
    },
    {
      industryId,
      businessUnitId: west?.id,
      name: 'Vapi Warehouse',
      code: 'VAP01',
      gstin: '24AAPFU0939F1Z1',
      address: 'GIDC Phase III, Vapi',
      city: 'Vapi',
      state: 'Gujarat',
      pincode: '396195',
      latitude: 20.3893,
      longitude: 72.9106,
    },
    {
      industryId,
      businessUnitId: south?.id,
      name: 'Chennai Sriperumbudur Plant',
      code: 'CHE01',
      gstin: '33AAPFU0939F1Z2',
      address: 'SIPCOT Industrial Park, Sriperumbudur',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '602105',
      latitude: 12.9675,
      longitude: 79.9419,
      status: 'inactive',
    },
  ]);
}

/** Loads the demo companies, users, plan and plants in one transaction. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const companies = await seedCompanies(tx);
    await seedSubscription(tx, companies.demo.id);
    await seedUsers(tx, passwordHash, companies);
    await seedPlants(tx, companies.demo.id);
  });
}
