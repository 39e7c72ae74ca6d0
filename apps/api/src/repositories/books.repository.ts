import { sql } from 'drizzle-orm';
import type { GstScheme } from '@freightdesk/shared/schemas/invoice';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * What goes to the shipper's books for a period (issue 33), read within the caller's invoice scope
 * (the policy's rule, which names the `invoices` table): the invoices approved and dated in it, the
 * credit and debit notes dated in it, and the payments made in it. At most 20,000 of each.
 */

const LIMIT = 20_000;

/** The GST facts every document of an invoice shares. */
export type BookGst = { gstScheme: GstScheme; ratePct: number; supplierGstin: string | null; recipientGstin: string };
/** Where a document belongs: the plant billed (its code) and the invoice's date. */
export type BookPlace = { plant: string; invoiceDay: string };
export type BookInvoice = BookGst &
  BookPlace & {
    id: number;
    number: string;
    day: string;
    carrier: string;
    taxablePaise: number;
    taxPaise: number;
    totalPaise: number;
  };
export type BookNote = BookGst &
  BookPlace & {
    number: string;
    kind: 'credit' | 'debit';
    day: string;
    carrier: string;
    invoiceNumber: string;
    taxablePaise: number;
    taxPaise: number;
    totalPaise: number;
  };
export type BookPayment = BookPlace & {
  id: number;
  supplierGstin: string | null;
  day: string;
  carrier: string;
  invoiceNumber: string;
  reference: string;
  amountPaise: number;
  tdsPaise: number;
};

const GST = sql`invoices.gst_scheme, invoices.gst_rate_pct, invoices.supplier_gstin, invoices.recipient_gstin`;
const gstOf = (r: Record<string, unknown>): BookGst => ({
  gstScheme: r.gst_scheme as GstScheme,
  ratePct: Number(r.gst_rate_pct),
  supplierGstin: (r.supplier_gstin as string | null) ?? null,
  recipientGstin: String(r.recipient_gstin),
});
const place = (r: Record<string, unknown>): BookPlace => ({ plant: String(r.plant), invoiceDay: String(r.invoice_day) });
const PLACE = sql`pl.code as plant, invoices.invoice_date::text as invoice_day`;
const money = (r: Record<string, unknown>) => ({
  taxablePaise: Number(r.taxable_paise),
  taxPaise: Number(r.tax_paise),
  totalPaise: Number(r.total_paise),
});

export async function bookInvoices(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<BookInvoice[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select invoices.id, invoices.number, invoices.invoice_date::text as day, c.name as carrier, ${GST},
        invoices.taxable_paise, invoices.tax_paise, invoices.total_paise, ${PLACE}
      from invoices join carriers c on c.id = invoices.carrier_id join plants pl on pl.id = invoices.plant_id
      where ${scope} and invoices.status in ('approved', 'partly_paid', 'paid') and invoices.invoice_date between ${from} and ${to}
      order by invoices.invoice_date, invoices.id limit ${LIMIT}`),
  );
  return rows.map((r) => ({
    ...gstOf(r),
    ...money(r),
    ...place(r),
    id: Number(r.id),
    number: String(r.number),
    day: String(r.day),
    carrier: String(r.carrier),
  }));
}

export async function bookNotes(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<BookNote[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select n.number, n.kind, n.note_date::text as day, c.name as carrier, invoices.number as invoice_number, ${GST},
        n.taxable_paise, n.tax_paise, n.total_paise, ${PLACE}
      from credit_notes n join invoices on invoices.id = n.invoice_id join carriers c on c.id = invoices.carrier_id
        join plants pl on pl.id = invoices.plant_id
      where ${scope} and n.note_date between ${from} and ${to}
      order by n.note_date, n.id limit ${LIMIT}`),
  );
  return rows.map((r) => ({
    ...gstOf(r),
    ...money(r),
    ...place(r),
    number: String(r.number),
    kind: r.kind as 'credit' | 'debit',
    day: String(r.day),
    carrier: String(r.carrier),
    invoiceNumber: String(r.invoice_number),
  }));
}

export async function bookPayments(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<BookPayment[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.id, p.paid_on::text as day, c.name as carrier, invoices.number as invoice_number, p.reference, p.amount_paise, p.tds_paise,
        invoices.supplier_gstin, ${PLACE}
      from invoice_payments p join invoices on invoices.id = p.invoice_id join carriers c on c.id = invoices.carrier_id
        join plants pl on pl.id = invoices.plant_id
      where ${scope} and p.paid_on between ${from} and ${to}
      order by p.paid_on, p.id limit ${LIMIT}`),
  );
  return rows.map((r) => ({
    ...place(r),
    id: Number(r.id),
    supplierGstin: (r.supplier_gstin as string | null) ?? null,
    day: String(r.day),
    carrier: String(r.carrier),
    invoiceNumber: String(r.invoice_number),
    reference: String(r.reference),
    amountPaise: Number(r.amount_paise),
    tdsPaise: Number(r.tds_paise),
  }));
}

/** The shipper's name, the company its books are kept under in Tally. */
export async function companyName(db: DbOrTx, industryId: number): Promise<string> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select name from industries where id = ${industryId}`));
  return row?.name ?? '';
}

/** A reverse-charge document counted in a period: an invoice at its time of supply, a note at its date (not before its invoice). */
export type ReverseChargeRow = {
  kind: 'invoice' | 'credit' | 'debit';
  recipientGstin: string;
  supplierGstin: string | null;
  taxablePaise: number;
  taxPaise: number;
};

/**
 * The reverse-charge documents whose liability falls in the period, within the caller's invoice
 * scope. An invoice's time of supply is the earlier of its first payment and the 61st day after its
 * date (section 13(2) of the CGST Act); a credit or debit note counts in its own month, or in its
 * invoice's when that is later.
 */
export async function reverseChargeDocs(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<ReverseChargeRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with inv as (
        select invoices.id, invoices.recipient_gstin, invoices.supplier_gstin, invoices.taxable_paise, invoices.tax_paise,
          least(coalesce((select min(p.paid_on) from invoice_payments p where p.invoice_id = invoices.id), invoices.invoice_date + 61),
            invoices.invoice_date + 61) as supply_day
        from invoices where ${scope} and invoices.gst_scheme = 'rcm'
      )
      select 'invoice' as kind, recipient_gstin, supplier_gstin, taxable_paise, tax_paise from inv where supply_day between ${from} and ${to}
      union all
      select n.kind, inv.recipient_gstin, inv.supplier_gstin, n.taxable_paise, n.tax_paise
      from credit_notes n join inv on inv.id = n.invoice_id
      where greatest(n.note_date, inv.supply_day) between ${from} and ${to}
      limit 100000`),
  );
  return rows.map((r) => ({
    kind: r.kind as ReverseChargeRow['kind'],
    recipientGstin: String(r.recipient_gstin),
    supplierGstin: (r.supplier_gstin as string | null) ?? null,
    taxablePaise: Number(r.taxable_paise),
    taxPaise: Number(r.tax_paise),
  }));
}
