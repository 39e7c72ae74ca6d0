import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { OrderFacts, Terms } from '../modules/invoices/invoice-audit.ts';

/**
 * What an invoice is checked against (modules/invoices): the orders' records with their latest POD,
 * and the shipper's payment terms for a carrier's link at a plant. The callers have the orders and
 * the shipper from the invoice's own scope (the carrier's orders, the shipper's invoice).
 */

/** The statement of `orderFacts`. */
export const orderFactsStatement = (ids: number[]) => sql`
      select o.id, o.number, o.industry_id, o.industry_carrier_id, ic.carrier_id, o.plant_id, o.request_type, o.status,
        o.price_paise, o.price_basis, o.weight_tonnes, o.vehicle_number, o.vehicle_mismatch, o.reported_at, o.gate_in_at,
        o.gate_out_at, o.arrived_at, o.delivered_at, p.status as pod_status, p.delivered_at as pod_delivered_at,
        coalesce(p.shortage_qty, 0) as shortage_qty, coalesce(p.damage_qty, 0) as damage_qty
      from orders o
      join industry_carriers ic on ic.id = o.industry_carrier_id
      left join lateral (select status, delivered_at, shortage_qty, damage_qty from pods where order_id = o.id order by version desc limit 1) p on true
      where o.id in ${ids}`;

/** The statement of `termsFor`. */
export const termsStatement = (industryId: number, plantId: number, linkId: number) => sql`
      select advance_percent, balance_on_pod, credit_days, detention_free_hours, detention_per_day_paise
      from payment_settings
      where industry_id = ${industryId} and status = 'active'
        and (plant_id is null or plant_id = ${plantId}) and (carrier_link_id is null or carrier_link_id = ${linkId})
      order by (carrier_link_id is not null) desc, (plant_id is not null) desc
      limit 1`;

const dateOf = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** Credit days when the shipper has no payment setting for the carrier or plant. */
export const DEFAULT_CREDIT_DAYS = 30;

/** The orders' records an invoice is checked against, with each one's latest POD. */
export async function orderFacts(db: DbOrTx, ids: number[]): Promise<Map<number, OrderFacts>> {
  if (!ids.length) {
    return new Map();
  }
  const rows = rowsOf<Record<string, unknown>>(await db.execute(orderFactsStatement(ids)));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        number: String(r.number),
        industryId: Number(r.industry_id),
        industryCarrierId: Number(r.industry_carrier_id),
        carrierId: Number(r.carrier_id),
        plantId: Number(r.plant_id),
        requestType: Number(r.request_type),
        status: String(r.status),
        pricePaise: Number(r.price_paise),
        priceBasis: String(r.price_basis),
        weightTonnes: r.weight_tonnes === null ? null : Number(r.weight_tonnes),
        vehicleNumber: (r.vehicle_number as string | null) ?? null,
        vehicleMismatch: Boolean(r.vehicle_mismatch),
        reportedAt: dateOf(r.reported_at),
        gateInAt: dateOf(r.gate_in_at),
        gateOutAt: dateOf(r.gate_out_at),
        arrivedAt: dateOf(r.arrived_at),
        deliveredAt: dateOf(r.delivered_at),
        podStatus: (r.pod_status as OrderFacts['podStatus']) ?? null,
        podDeliveredAt: dateOf(r.pod_delivered_at),
        shortageQty: Number(r.shortage_qty),
        damageQty: Number(r.damage_qty),
      },
    ]),
  );
}

/**
 * The shipper's payment terms for a carrier's link at a plant: its active payment setting for both,
 * else for the carrier, else for the plant, else its default one; without any, no advance, 30
 * days' credit from the POD, 24 free hours and no detention.
 */
export async function termsFor(db: DbOrTx, industryId: number, plantId: number, linkId: number): Promise<Terms> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(termsStatement(industryId, plantId, linkId)));
  if (!row) {
    return { advancePercent: 0, balanceOnPod: true, creditDays: DEFAULT_CREDIT_DAYS, freeHours: 24, perDayPaise: 0 };
  }
  return {
    advancePercent: Number(row.advance_percent),
    balanceOnPod: Boolean(row.balance_on_pod),
    creditDays: Number(row.credit_days),
    freeHours: Number(row.detention_free_hours),
    perDayPaise: Number(row.detention_per_day_paise),
  };
}
