import { sql } from 'drizzle-orm';
import type { IssuedParties } from '@freightdesk/shared/schemas/invoice-views';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

type Row = Record<string, string | null>;

/** The PAN inside a GSTIN (its characters 3 to 12), the recipient's PAN on a tax invoice. */
const panOf = (gstin: string | null) => (gstin && gstin.length === 15 ? gstin.slice(2, 12) : null);

/**
 * The parties of an invoice as they stand at issue: the carrier's name, address and PAN, the shipper
 * at the billed plant, the place of supply and the vehicle of each order. Stored with the invoice
 * (`invoices.issued`); nothing later reads the profiles for it again.
 */
export async function issuedParties(
  tx: DbOrTx,
  at: { carrierId: number; plantId: number; supplierGstin: string | null; recipientGstin: string },
  orderIds: number[],
  issuedAt: Date,
): Promise<IssuedParties> {
  const [row] = rowsOf<Row>(
    await tx.execute(sql`
      select c.name as carrier_name, c.address as c_address, c.city as c_city, c.state as c_state, c.pincode as c_pincode, c.pan as c_pan,
        i.name as shipper_name, p.name as plant_name, p.address as p_address, p.city as p_city, p.state as p_state, p.pincode as p_pincode
      from carriers c, plants p join industries i on i.id = p.industry_id
      where c.id = ${at.carrierId} and p.id = ${at.plantId}`),
  );
  const vehicles = orderIds.length
    ? rowsOf<{ id: number; vehicle_number: string | null; lr_number: string | null }>(
        await tx.execute(sql`select o.id, o.vehicle_number, n.number as lr_number from orders o
          left join consignment_notes n on n.order_id = o.id where o.id in ${orderIds}`),
      )
    : [];
  const r = row ?? {};
  return {
    supplier: {
      name: String(r.carrier_name ?? ''),
      address: r.c_address ?? null,
      city: r.c_city ?? null,
      state: r.c_state ?? null,
      pincode: r.c_pincode ?? null,
      gstin: at.supplierGstin,
      pan: r.c_pan ?? panOf(at.supplierGstin),
    },
    recipient: {
      name: `${r.shipper_name ?? ''}, ${r.plant_name ?? ''}`,
      address: r.p_address ?? null,
      city: r.p_city ?? null,
      state: r.p_state ?? null,
      pincode: r.p_pincode ?? null,
      gstin: at.recipientGstin,
      pan: panOf(at.recipientGstin),
    },
    placeOfSupply: r.p_state ?? '',
    carrierName: String(r.carrier_name ?? ''),
    vehicles: Object.fromEntries(vehicles.map((v) => [String(v.id), v.vehicle_number])),
    consignmentNotes: Object.fromEntries(vehicles.flatMap((v) => (v.lr_number ? [[String(v.id), v.lr_number]] : []))),
    issuedAt: issuedAt.toISOString(),
  };
}
