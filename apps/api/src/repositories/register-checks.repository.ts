import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orders } from '../db/schema/orders.ts';
import { registerChecks, registerExpiryNotices, verificationSettings } from '../db/schema/verification.ts';
import { users } from '../db/schema/auth.ts';
import { lockVersion } from '../lib/version-check.ts';

/**
 * The statements of verified vehicles and drivers (issue 37, record 0307). The registers' answers
 * are public facts keyed by number: a caller reaches one through an order it found in its scope
 * first (orders.repository orderOf / carrierOrder, the gate's locked order), never by a list.
 */

export type RegisterCheckRow = typeof registerChecks.$inferSelect;
export type RegisterCheckValues = Omit<typeof registerChecks.$inferInsert, 'id'>;

export const registerChecksQuery = (db: DbOrTx, register: 'vehicle' | 'licence', numbers: string[]) =>
  db
    .select()
    .from(registerChecks)
    .where(and(eq(registerChecks.register, register), inArray(registerChecks.number, numbers.length ? numbers : [''])));

/** The last answers for these numbers of one register, by number. */
export async function registerChecksOf(
  db: DbOrTx,
  register: 'vehicle' | 'licence',
  numbers: string[],
): Promise<Map<string, RegisterCheckRow>> {
  const unique = [...new Set(numbers)];
  if (!unique.length) {
    return new Map();
  }
  return new Map((await registerChecksQuery(db, register, unique)).map((r) => [r.number, r]));
}

/** Keeps the register's latest answer for a number (one row per register and number). */
export async function saveRegisterCheck(db: DbOrTx, values: RegisterCheckValues): Promise<RegisterCheckRow | undefined> {
  const [row] = await db
    .insert(registerChecks)
    .values(values)
    .onConflictDoUpdate({
      target: [registerChecks.register, registerChecks.number],
      set: {
        documents: values.documents,
        status: values.status,
        holderName: values.holderName,
        classes: values.classes,
        source: values.source,
        checkedAt: values.checkedAt,
      },
    })
    .returning();
  return row;
}

/** The order's shipper, vehicle, driver's licence and date of birth (the order was found in the caller's scope). */
export const orderRegisterKeysQuery = (db: DbOrTx, orderId: number) =>
  db
    .select({
      industryId: orders.industryId,
      vehicleNumber: orders.vehicleNumber,
      licence: orders.driverLicenceNumber,
      dob: orders.driverDob,
    })
    .from(orders)
    .where(eq(orders.id, orderId));

export type OrderRegisterKeys = { industryId: number; vehicleNumber: string | null; licence: { licence: string; dob: string } | null };

export async function orderRegisterKeys(db: DbOrTx, orderId: number): Promise<OrderRegisterKeys | null> {
  const [row] = await orderRegisterKeysQuery(db, orderId);
  if (!row) {
    return null;
  }
  const licence = row.licence && row.dob ? { licence: row.licence, dob: row.dob } : null;
  return { industryId: row.industryId, vehicleNumber: row.vehicleNumber, licence };
}

/** The orders' licences (the orders were read in the caller's scope), by order id. */
export const orderLicencesQuery = (db: DbOrTx, orderIds: number[]) =>
  db
    .select({ id: orders.id, licence: orders.driverLicenceNumber })
    .from(orders)
    .where(and(inArray(orders.id, orderIds.length ? orderIds : [0]), isNotNull(orders.driverLicenceNumber)));

export async function orderLicences(db: DbOrTx, orderIds: number[]): Promise<Map<number, string>> {
  if (!orderIds.length) {
    return new Map();
  }
  return new Map((await orderLicencesQuery(db, orderIds)).map((r) => [r.id, r.licence ?? '']));
}

export const verificationRulesQuery = (db: DbOrTx, industryId: number) =>
  db.select().from(verificationSettings).where(eq(verificationSettings.industryId, industryId));

export async function verificationRulesRow(db: DbOrTx, industryId: number) {
  const [row] = await verificationRulesQuery(db, industryId);
  return row;
}

/** Locks the shipper's rules row and refuses a save made on an older version (409 STALE). */
export const lockVerificationRules = (tx: DbOrTx, industryId: number, expected: Date | undefined) =>
  lockVersion(tx, {
    table: verificationSettings,
    where: eq(verificationSettings.industryId, industryId),
    expected,
    label: 'verification settings',
    entity: 'verification-settings',
  });

/** Saves the shipper's rules (one row per shipper). */
export async function saveVerificationRules(tx: DbOrTx, industryId: number, rules: Record<string, string>, by: number): Promise<void> {
  await tx
    .insert(verificationSettings)
    .values({ industryId, rules, updatedBy: by, updatedAt: new Date() })
    .onConflictDoUpdate({ target: verificationSettings.industryId, set: { rules, updatedBy: by, updatedAt: new Date() } });
}

/** A register document that ends within the window on a vehicle or licence of an active order. */
export type ExpiringDocument = {
  carrierId: number;
  register: string;
  number: string;
  doc: string;
  validTo: string;
  /** The carrier's latest active order with that vehicle or licence (what the notice opens). */
  orderId: number;
  orderNumber: string;
  requestType: number;
};

/**
 * The documents ending between `from` and `to` (India days) of the vehicles and licences on the
 * carriers' active orders, once per carrier, number and document (the daily expiry job).
 */
export const expiringDocumentsStatement = (from: string, to: string) => sql`
  select distinct on (o.carrier_id, c.register, c.number, d->>'doc')
    o.carrier_id as "carrierId", c.register, c.number, d->>'doc' as doc, d->>'validTo' as "validTo",
    o.id as "orderId", o.number as "orderNumber", o.request_type as "requestType"
  from ${orders} o
  join ${registerChecks} c on (c.register = 'vehicle' and c.number = o.vehicle_number)
    or (c.register = 'licence' and c.number = o.driver_licence_number)
  cross join lateral jsonb_array_elements(c.documents) d
  where o.status in (${sql.join(
    ACTIVE_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})
    and o.carrier_id is not null
    and d->>'validTo' is not null and d->>'validTo' >= ${from} and d->>'validTo' <= ${to}
  order by o.carrier_id, c.register, c.number, d->>'doc', o.id desc`;

export async function expiringDocuments(db: DbOrTx, from: string, to: string): Promise<ExpiringDocument[]> {
  return rowsOf<ExpiringDocument>(await db.execute(expiringDocumentsStatement(from, to)));
}

/** Marks a document's notice sent to a carrier today; false when it was already (a rerun). */
export async function claimExpiryNotice(tx: DbOrTx, d: ExpiringDocument, day: string): Promise<boolean> {
  const made = await tx
    .insert(registerExpiryNotices)
    .values({ carrierId: d.carrierId, register: d.register, number: d.number, doc: d.doc, validTo: d.validTo, day })
    .onConflictDoNothing()
    .returning({ id: registerExpiryNotices.id });
  return made.length > 0;
}

/** The active users of a carrier company. */
export const carrierUsersQuery = (db: DbOrTx, carrierId: number) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.carrierId, carrierId), eq(users.userType, 2), eq(users.status, 'active')));

export async function carrierUsers(db: DbOrTx, carrierId: number): Promise<number[]> {
  return (await carrierUsersQuery(db, carrierId)).map((r) => r.id);
}
