import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CELL_DATE_TIME_SQL } from '@freightdesk/shared/date-time';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { type OrderRegisterParams, orderRegisterParamsSchema } from '@freightdesk/shared/schemas/report';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { plants } from '../../db/schema/plants.ts';
import { vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import type { AuthUser } from '../../lib/access.ts';
import type { ReportDef } from '../../lib/export-jobs.ts';
import { ordersFor } from '../../lib/policy.ts';
import { inDays } from '../../lib/rows.ts';

type Row = {
  id: number;
  number: string;
  direction: number;
  status: string;
  source: string;
  plant: string;
  lane: string;
  carrier: string;
  vehicleType: string;
  vehicleNumber: string | null;
  driverName: string | null;
  pickupAt: string | null;
  gateInAt: string | null;
  gateOutAt: string | null;
  deliveredAt: string | null;
  rejectedAt: string | null;
  pricePaise: number;
  priceBasis: string;
  weightTonnes: number | null;
  invoiceNumber: string | null;
  billedPaise: number | string | null;
};

/** The invoice that bills an order (one at most: invoice_orders' key). */
const INVOICE_NUMBER = sql<string | null>`(select i.number from invoice_orders io join invoices i on i.id = io.invoice_id
  where io.order_id = ${orders.id})`;
/** What that invoice bills for the order: its charges less its deductions, less what credit notes took off. */
const BILLED = sql<string | null>`(select sum(case when l.kind = 'deduction' then l.credited_paise - l.amount_paise
    else l.amount_paise - l.credited_paise end)
  from invoice_orders io join invoices i on i.id = io.invoice_id
  join invoice_lines l on l.invoice_id = i.id and l.version = i.version and l.order_id = io.order_id
  where io.order_id = ${orders.id})`;

/**
 * A moment as India reads it in a sheet (24-11-2026 14:05, date-time.ts `formatCellDateTime`),
 * formatted by the database: a million rows would otherwise make five Date objects and five
 * formatted strings each in the API.
 */
const indiaMinute = (column: PgColumn) =>
  sql<string | null>`to_char(${column} at time zone 'Asia/Kolkata', ${sql.raw(`'${CELL_DATE_TIME_SQL}'`)})`;

/** The filters as SQL over orders (each one served by an index of the lists, issue 15). */
function filtersOf(p: OrderRegisterParams): SQL | undefined {
  return and(
    p.plantId ? eq(orders.plantId, p.plantId) : undefined,
    p.carrierLinkId ? eq(orders.industryCarrierId, p.carrierLinkId) : undefined,
    p.lane ? eq(orders.lane, p.lane) : undefined,
    p.status ? eq(orders.status, p.status) : undefined,
    inDays(orders.pickupAt, p.pickupFrom, p.pickupTo),
    inDays(orders.gateInAt, p.gateInFrom, p.gateInTo),
    inDays(orders.gateOutAt, p.gateOutFrom, p.gateOutTo),
    inDays(orders.rejectedAt, p.rejectedFrom, p.rejectedTo),
  );
}

/**
 * The order register: every order the user may export (the policy's order export rule, and the
 * report permission), newest first, read in keyset batches by id.
 */
export const orderRegister: ReportDef<OrderRegisterParams, Row> = {
  name: 'order-register',
  label: 'Order register',
  params: orderRegisterParamsSchema,
  refused: "You need the 'list-industry-report' permission and the order list permission for this.",
  scope: (viewer: AuthUser, p) => (viewer.permissions.includes('list-industry-report') ? ordersFor(viewer, 'export', p.direction) : null),
  estimate: async (db, scope, p) => {
    const capped = db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(scope, filtersOf(p)))
      .limit(2_000_001)
      .as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return Number(row?.n ?? 0);
  },
  async *batches(db: DbOrTx, scope, p, size) {
    const where = and(scope, filtersOf(p));
    let before: number | undefined;
    for (;;) {
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          direction: orders.requestType,
          status: orders.status,
          source: orders.source,
          plant: plants.name,
          lane: orders.lane,
          carrier: carriers.name,
          vehicleType: vehicleTypes.name,
          vehicleNumber: orders.vehicleNumber,
          driverName: orders.driverName,
          pickupAt: indiaMinute(orders.pickupAt),
          gateInAt: indiaMinute(orders.gateInAt),
          gateOutAt: indiaMinute(orders.gateOutAt),
          deliveredAt: indiaMinute(orders.deliveredAt),
          rejectedAt: indiaMinute(orders.rejectedAt),
          pricePaise: orders.pricePaise,
          priceBasis: orders.priceBasis,
          weightTonnes: orders.weightTonnes,
          invoiceNumber: INVOICE_NUMBER,
          billedPaise: BILLED,
        })
        .from(orders)
        .innerJoin(plants, eq(plants.id, orders.plantId))
        .innerJoin(industryCarriers, eq(industryCarriers.id, orders.industryCarrierId))
        .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
        .innerJoin(vehicleTypes, eq(vehicleTypes.id, orders.vehicleTypeId))
        .where(and(where, before === undefined ? undefined : lt(orders.id, before)))
        .orderBy(desc(orders.id))
        .limit(size);
      if (!rows.length) {
        return;
      }
      yield rows;
      before = rows.at(-1)?.id;
      if (rows.length < size) {
        return;
      }
    }
  },
  columns: [
    { key: 'number', label: 'Order' },
    { key: 'direction', label: 'Direction', format: (v) => (v === 2 ? 'Inbound' : 'Outbound') },
    { key: 'status', label: 'Status', format: (v) => ORDER_STATUS_LABEL[v as OrderStatus] ?? v },
    { key: 'source', label: 'Source' },
    { key: 'plant', label: 'Plant' },
    { key: 'lane', label: 'Lane' },
    { key: 'carrier', label: 'Carrier' },
    { key: 'vehicleType', label: 'Vehicle type' },
    { key: 'vehicleNumber', label: 'Vehicle' },
    { key: 'driverName', label: 'Driver' },
    { key: 'pickupAt', label: 'Pickup Date' },
    { key: 'gateInAt', label: 'Gate In Date' },
    { key: 'gateOutAt', label: 'Gate Out Date' },
    { key: 'deliveredAt', label: 'Delivered' },
    { key: 'rejectedAt', label: 'Rejected Date' },
    { key: 'pricePaise', label: 'Rate (₹)', format: (v) => Number(v) / 100 },
    { key: 'priceBasis', label: 'Per', format: (v) => (v === 'tonne' ? 'Tonne' : 'Trip') },
    { key: 'weightTonnes', label: 'Weight (t)' },
    { key: 'invoiceNumber', label: 'Invoice' },
    { key: 'billedPaise', label: 'Billed (₹)', format: (v) => (v === null || v === undefined ? null : Number(v) / 100) },
  ],
};
