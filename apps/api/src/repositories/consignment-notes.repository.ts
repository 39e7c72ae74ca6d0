import { sql } from 'drizzle-orm';
import type { InvoiceParty } from '@freightdesk/shared/schemas/invoice-views';
import type { ConsignmentNoteDetails, ConsignmentNoteView } from '@freightdesk/shared/schemas/consignment-note';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { consignmentNotes } from '../db/schema/consignment-notes.ts';

/**
 * The statements of consignment notes (LR, issue 33). A note belongs to its order: callers reach it
 * only through an order already read within their policy scope (the shipper's order rule, the
 * carrier's own orders).
 */

export type ConsignmentNoteRow = typeof consignmentNotes.$inferInsert;
type Row = Record<string, string | number | null>;

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));
const panOf = (gstin: string | null) => (gstin && gstin.length === 15 ? gstin.slice(2, 12) : null);

/** A party from the columns `<p>_name`, `<p>_address`, … of a row. */
function partyOf(r: Row, p: string, fallbackName = ''): InvoiceParty {
  const gstin = text(r[`${p}_gstin`]);
  return {
    name: text(r[`${p}_name`]) ?? fallbackName,
    address: text(r[`${p}_address`]),
    city: text(r[`${p}_city`]),
    state: text(r[`${p}_state`]),
    pincode: text(r[`${p}_pincode`]),
    gstin,
    pan: text(r[`${p}_pan`]) ?? panOf(gstin),
  };
}

/** The order, its carrier, plant, goods, vehicle and what the gate recorded at loading, in one row. */
async function orderFacts(tx: DbOrTx, orderId: number): Promise<Row | undefined> {
  const [row] = rowsOf<Row>(
    await tx.execute(sql`
      select o.carrier_id, o.request_type, o.weight_tonnes, o.vehicle_number, o.driver_name, o.driver_mobile,
        c.name as c_name, c.address as c_address, c.city as c_city, c.state as c_state, c.pincode as c_pincode,
        c.gstin as c_gstin, c.pan as c_pan,
        i.name || ', ' || p.name as p_name, p.address as p_address, p.city as p_city, p.state as p_state,
        p.pincode as p_pincode, p.gstin as p_gstin,
        pr.name as goods, vt.name as vehicle_type,
        g.net_kg, g.invoice_number, g.seal_number, g.lr_number
      from orders o
      join carriers c on c.id = o.carrier_id
      join plants p on p.id = o.plant_id
      join industries i on i.id = p.industry_id
      left join products pr on pr.id = o.product_id
      left join vehicle_types vt on vt.id = o.vehicle_type_id
      left join lateral (select net_kg, invoice_number, seal_number, lr_number from gate_events
        where order_id = o.id and kind = 'loaded' order by at desc, id desc limit 1) g on true
      where o.id = ${orderId}`),
  );
  return row;
}

/** The lane's places beyond the plant (an outbound trip's drop-offs, an inbound trip's vendor), each as a party. */
async function lanePlaces(tx: DbOrTx, orderId: number): Promise<{ kind: string; party: InvoiceParty }[]> {
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      select os.kind, coalesce(pa_party.company, s.name, os.label) as x_name,
        coalesce(pa.address, s.address) as x_address, coalesce(pa.city, s.city, os.city) as x_city,
        coalesce(pa.state, s.state) as x_state, coalesce(pa.pincode, s.pincode) as x_pincode, pa_party.gstin as x_gstin
      from order_stops os
      left join party_addresses pa on pa.id = os.address_id
      left join parties pa_party on pa_party.id = pa.party_id
      left join stops s on s.id = os.stop_id
      where os.order_id = ${orderId} and os.plant_id is null
      order by os.seq`),
  );
  return rows.map((r) => ({ kind: String(r.kind), party: partyOf(r, 'x') }));
}

/** The e-way bills in force on the order when the note is made. */
async function activeBills(tx: DbOrTx, orderId: number): Promise<string[]> {
  const rows = rowsOf<{ number: string }>(
    await tx.execute(sql`select number from eway_bills where order_id = ${orderId} and status = 'active' order by id`),
  );
  return rows.map((r) => r.number);
}

/**
 * What a consignment note of the order states, as it stands now: outbound the plant sends to the
 * drop-offs, inbound the vendor sends to the plant. Packages are the gate's or the carrier's count.
 */
export async function consignmentFacts(
  tx: DbOrTx,
  orderId: number,
  packages: number | null,
): Promise<{ carrierId: number; details: ConsignmentNoteDetails }> {
  const r = (await orderFacts(tx, orderId)) ?? {};
  return { carrierId: Number(r.carrier_id), details: await noteDetails(tx, orderId, r, packages) };
}

async function noteDetails(tx: DbOrTx, orderId: number, r: Row, packages: number | null): Promise<ConsignmentNoteDetails> {
  const [places, ewayBills] = [await lanePlaces(tx, orderId), await activeBills(tx, orderId)];
  const plant = partyOf(r, 'p');
  const outbound = Number(r.request_type) !== 2;
  const away = places.map((p) => p.party);
  const consignor = outbound ? plant : (away[0] ?? plant);
  const consignees = outbound ? away : [plant];
  const netKg = r.net_kg === null || r.net_kg === undefined ? null : Number(r.net_kg);
  const orderKg = r.weight_tonnes === null || r.weight_tonnes === undefined ? null : Number(r.weight_tonnes) * 1000;
  return {
    carrier: partyOf(r, 'c'),
    consignor,
    consignees,
    from: [consignor.name, consignor.city].filter(Boolean).join(', '),
    to: consignees.map((c) => c.city ?? c.name).join(' → '),
    goods: text(r.goods),
    packages,
    weightKg: netKg ?? orderKg,
    weightSource: netKg !== null ? 'weighbridge' : orderKg !== null ? 'order' : null,
    vehicleNumber: text(r.vehicle_number),
    vehicleType: text(r.vehicle_type),
    driverName: text(r.driver_name),
    driverMobile: text(r.driver_mobile),
    ewayBills,
    shipperInvoiceNumber: text(r.invoice_number),
    sealNumber: text(r.seal_number),
    paperLrNumber: text(r.lr_number),
  };
}

export async function insertConsignmentNote(tx: DbOrTx, row: ConsignmentNoteRow): Promise<number> {
  const [made] = await tx.insert(consignmentNotes).values(row).returning({ id: consignmentNotes.id });
  return made?.id ?? 0;
}

/** The order's consignment note, if one was made. */
export async function consignmentNoteOf(db: DbOrTx, orderId: number): Promise<ConsignmentNoteView | null> {
  const [row] = rowsOf<Row & { details: ConsignmentNoteDetails; created_at: string | Date }>(
    await db.execute(sql`
      select n.id, n.number, n.financial_year, n.note_date::text as note_date, n.source, n.details, n.created_at, o.number as order_number
      from consignment_notes n join orders o on o.id = n.order_id
      where n.order_id = ${orderId}`),
  );
  if (!row) {
    return null;
  }
  return {
    id: Number(row.id),
    number: String(row.number),
    financialYear: String(row.financial_year),
    noteDate: String(row.note_date),
    source: row.source === 'carrier' ? 'carrier' : 'gate_out',
    orderNumber: String(row.order_number),
    issuedAt: new Date(row.created_at).toISOString(),
    details: row.details,
  };
}
