import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { indiaToday } from '../lib/india-time.ts';
import { caller, offlineOrder, type Road, setupRoad, walk } from './execution.ts';
import type { TestContext } from './harness.ts';

/**
 * What the invoice tests start from (each file its own): detention at 4 free hours and ₹2,400 a day,
 * three delivered orders of Vayu at the first plant (the first waited 10 hours 20 minutes), one
 * still in transit, and one of Ganesh marked delivered.
 */
export type Invoicing = {
  r: Road;
  delivered: { id: number; number: string }[];
  inTransit: { id: number };
  ganeshOrder: { id: number };
};

export async function setupInvoicing(t: TestContext): Promise<Invoicing> {
  const call = caller(t);
  const r = await setupRoad(t);
  const setting = await call('POST', '/api/payment-settings', r.owner, {
    advancePercent: 0,
    balanceOnPod: false,
    creditDays: 15,
    detentionFreeHours: 4,
    detentionRupeesPerDay: 2400,
  });
  expect(setting.statusCode, setting.body).toBe(201);
  const delivered: { id: number; number: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const order = await offlineOrder(t, r, 'outbound');
    await walk(t, r, 'outbound', order, 'delivered');
    delivered.push({ id: order.id, number: order.number });
  }
  // The first order waited 10 hours at the plant: 6 hours beyond the free 4, ₹600 of detention.
  await t.database.db.execute(
    sql`update orders set reported_at = gate_out_at - interval '10 hours 20 minutes' where id = ${delivered[0]?.id ?? 0}`,
  );
  const moving = await offlineOrder(t, r, 'outbound');
  await walk(t, r, 'outbound', moving, 'gate_out');
  const theirs = await call('POST', '/api/offline-orders/outbound', r.owner, {
    carrierLinkId: r.ganeshLink,
    plantId: r.plants[0]?.id,
    vehicleTypeId: r.base.vehicleTypeId,
    priceRupees: 30000,
    pickupAt: new Date(Date.now() - 3_600_000).toISOString(),
    dropoffs: [{ stopId: r.dropStopId }],
  });
  const ganeshOrder = theirs.json().data as { id: number };
  await t.database.db.execute(sql`update orders set status = 'delivered', delivered_at = now() where id = ${ganeshOrder.id}`);
  return { r, delivered, inTransit: moving, ganeshOrder };
}

/** An invoice's body with a fresh number, dated today, under reverse charge. */
export const invoiceBody = (lines: object[], patch: object = {}) => ({
  number: `VT-${Math.floor(Math.random() * 1e9)}`,
  invoiceDate: indiaToday(),
  gstScheme: 'rcm',
  lines,
  ...patch,
});
export const freightLine = (orderId: number, amountRupees = 30000) => ({ orderId, kind: 'freight', amountRupees });
/** The fields a 400 names. */
export const fieldsOf = (res: { json: () => { error: { fields?: Record<string, string> } } }) => Object.keys(res.json().error.fields ?? {});
