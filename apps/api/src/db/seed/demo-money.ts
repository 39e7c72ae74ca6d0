import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { invoiceInputSchema, invoicePaymentSchema } from '@freightdesk/shared/schemas/invoice';
import { podFieldsSchema } from '@freightdesk/shared/schemas/pod';
import { offlineOrderBodySchema } from '@freightdesk/shared/schemas/order';
import { indiaToday } from '../../lib/india-time.ts';
import type { AuthUser } from '../../lib/access.ts';
import { carrierViewer } from '../../lib/policy.ts';
import { ruleOrForbidden } from '../../lib/policy-require.ts';
import { newStorageKey, type Storage } from '../../lib/storage.ts';
import { approveMatching } from '../../modules/invoices/invoice-review.service.ts';
import { recordPayment } from '../../modules/invoices/invoice-payments.service.ts';
import { createInvoice } from '../../modules/invoices/invoices.service.ts';
import { updateBankAccount } from '../../modules/carrier-company/bank-account.ts';
import { carrierBankAccountSchema } from '@freightdesk/shared/schemas/carrier';
import { createOfflineOrder } from '../../modules/orders/offline-orders.service.ts';
import { decidePod, submitPod } from '../../modules/orders/pods.service.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/auth.ts';
import { stops } from '../schema/locations.ts';
import { plants } from '../schema/plants.ts';
import { vehicleTypes } from '../schema/settings.ts';
import { carriers, industryCarriers } from '../schema/tenancy.ts';
import { type DemoVehicle, demoGuard, walkDemoOrder } from './demo-execution.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Three trips Vayu delivered this week, from the Pune plant to the Bhiwandi DC. */
const DELIVERED: { vehicle: DemoVehicle; daysAgo: number; receiver: string }[] = [
  { vehicle: ['MH12RT6612', 'Nitin More', '9822011121'], daysAgo: 4, receiver: 'Prakash Naik' },
  { vehicle: ['MH12RT6613', 'Sagar Kale', '9822011122'], daysAgo: 3, receiver: 'Prakash Naik' },
  { vehicle: ['MH12RT6614', 'Dinesh Bhosale', '9822011123'], daysAgo: 2, receiver: 'Rekha Salvi' },
];
const RATE_RUPEES = 40_500;

/** A one-page PDF with these lines (Helvetica), as a delivery receipt scanned to PDF would be. */
export function receiptPdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 12 Tf 56 ${780 - i * 20} Td (${l.replace(/[()\\]/g, '')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf);
}

/** The demo owner and Vayu's user, the Pune plant, the Bhiwandi DC, the 32 ft container and Vayu's link. */
async function moneyCast(db: Db) {
  const [owner] = await db.select({ id: users.id, industryId: users.industryId }).from(users).where(eq(users.email, 'owner@demo.test'));
  const [vayu] = await db.select({ id: users.id, carrierId: users.carrierId }).from(users).where(eq(users.email, 'carrier@demo.test'));
  const [pune] = await db.select({ id: plants.id }).from(plants).where(eq(plants.code, 'PUN01'));
  const [bhiwandi] = await db.select({ id: stops.id }).from(stops).where(eq(stops.name, 'Bhiwandi DC'));
  const [truck] = await db.select({ id: vehicleTypes.id }).from(vehicleTypes).where(eq(vehicleTypes.name, '32 ft MXL container'));
  if (!owner?.industryId || !vayu?.carrierId || !pune || !bhiwandi || !truck) {
    throw new Error('seedDemoMoney needs the demo data of seedDemo and seedDemoFreight');
  }
  const [link] = await db
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(and(eq(industryCarriers.industryId, owner.industryId), eq(carriers.id, vayu.carrierId)));
  if (!link) {
    throw new Error('seedDemoMoney needs Vayu linked to the demo shipper');
  }
  const shipper = { id: owner.id, industryId: owner.industryId };
  return { shipper, vayu: { id: vayu.id, carrierId: vayu.carrierId }, pune, bhiwandi, truck, link };
}

type Cast = Awaited<ReturnType<typeof moneyCast>>;
type Trip = (typeof DELIVERED)[number];

/** A scanned delivery receipt for the order, stored as a POD file would be. */
async function storeReceipt(storage: Storage, orderNumber: string, receiver: string) {
  const data = receiptPdf(['Vayu Roadlines - delivery receipt', `Order ${orderNumber}`, `Received by ${receiver}, Bhiwandi DC`]);
  const key = newStorageKey('documents');
  await storage.put(key, data);
  return {
    key,
    fileName: `pod-${orderNumber}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

/** One of Vayu's trips: booked offline, walked to arrival, its POD submitted and accepted; the order's id. */
async function deliverTrip(db: Db, storage: Storage, cast: Cast, guard: AuthUser, trip: Trip, i: number, now: number): Promise<number> {
  const { shipper, vayu, pune, bhiwandi, truck, link } = cast;
  const pickupAt = new Date(now - trip.daysAgo * DAY);
  const order = await createOfflineOrder(
    db,
    guard,
    shipper.industryId,
    1,
    offlineOrderBodySchema(1).parse({
      carrierLinkId: link.id,
      plantId: pune.id,
      vehicleTypeId: truck.id,
      priceRupees: RATE_RUPEES,
      pickupAt: pickupAt.toISOString(),
      dropoffs: [{ stopId: bhiwandi.id }],
      weightTonnes: 16,
    }),
  );
  // Picked up in the morning, at the Bhiwandi DC by the afternoon, received within the hour.
  const arrived = new Date(pickupAt.getTime() + 8 * HOUR);
  await walkDemoOrder(db, guard, { id: order.id, carrier: vayu }, trip.vehicle, 'arrived', 20 + i, { endAt: arrived });
  const file = await storeReceipt(storage, order.number, trip.receiver);
  await submitPod(
    db,
    storage,
    carrierViewer(vayu),
    order.id,
    podFieldsSchema.parse({ receiverName: trip.receiver, deliveredAt: new Date(arrived.getTime() + 40 * 60_000).toISOString() }),
    file,
  );
  await decidePod(db, guard, shipper.industryId, 1, order.id, { accept: true });
  return order.id;
}

/** Vayu's two invoices: the first (one trip) approved and part paid, the second (two trips) waiting for review. */
async function seedInvoices(db: Db, cast: Cast, guard: AuthUser, delivered: number[], now: number) {
  const [first, second, third] = delivered as [number, number, number];
  const today = indiaToday(new Date(now));
  const { shipper, vayu } = cast;
  const paid = await createInvoice(
    db,
    vayu,
    invoiceInputSchema.parse({
      number: 'VR/26-27/0101',
      invoiceDate: today,
      gstScheme: 'rcm',
      lines: [{ orderId: first, kind: 'freight', amountRupees: RATE_RUPEES }],
    }),
  );
  const scope = ruleOrForbidden(guard, 'invoice', 'change');
  await approveMatching(db, shipper, paid, scope);
  await recordPayment(
    db,
    shipper,
    paid,
    scope,
    invoicePaymentSchema.parse({ amountRupees: 20_000, paidOn: today, reference: 'UTR/HDFC/26112401' }),
  );
  await createInvoice(
    db,
    vayu,
    invoiceInputSchema.parse({
      number: 'VR/26-27/0102',
      invoiceDate: today,
      gstScheme: 'rcm',
      lines: [
        { orderId: second, kind: 'freight', amountRupees: RATE_RUPEES },
        { orderId: third, kind: 'freight', amountRupees: 42_000 },
        { orderId: third, kind: 'unloading', amountRupees: 1_200 },
      ],
    }),
  );
}

/**
 * Money for the demo, through the services: three trips of Vayu delivered with a POD the shipper
 * accepted; Vayu's first invoice (one trip) approved and part paid, its second (two trips, one
 * freight line above the trip's rate) waiting for the shipper's review, so the payment summary,
 * the freight audit and the carrier's invoices have real figures at the first start. Runs after
 * seedDemoFreight (its Bhiwandi DC), on a new database only.
 */
export async function seedDemoMoney(db: Db, storage: Storage, now = Date.now()): Promise<void> {
  const cast = await moneyCast(db);
  const guard = await demoGuard(db, cast.shipper.id);
  const delivered: number[] = [];
  for (const [i, trip] of DELIVERED.entries()) {
    delivered.push(await deliverTrip(db, storage, cast, guard, trip, i, now));
  }
  await seedInvoices(db, cast, guard, delivered, now);
  // Where Vayu is paid, so the payment summary's bank file has a row at the first start.
  await updateBankAccount(
    db,
    cast.vayu,
    carrierBankAccountSchema.parse({
      accountName: 'Vayu Roadlines',
      accountNumber: '50200012345678',
      ifsc: 'HDFC0000123',
      bankName: 'HDFC Bank',
    }),
  );
}
