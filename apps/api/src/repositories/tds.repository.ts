import { type SQL, sql } from 'drizzle-orm';
import type { TdsCertificateInput, TdsDeclarationInput, TdsProfile } from '@freightdesk/shared/schemas/tds';
import type { TdsPayee, TdsYear } from '@freightdesk/shared/tds';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Rule } from '../lib/policy-require.ts';

/** The policy's invoice rule for the caller. */
type InvoiceRule = Rule<'invoice'>;

/**
 * What TDS on a payment depends on, read for one shipper (the deductor) and one carrier (the payee):
 * the carrier's PAN, its 194C(6) declaration for the year, a lower-deduction certificate it holds
 * for this shipper, and the shipper's payments to it in the year so far. The shipper is always part
 * of the condition: a certificate or payment of another shipper never counts.
 */

/** Who is paid and by whom: the shipper (the deductor) and the carrier (the payee). */
export type TdsParties = { industryId: number; carrierId: number };
/** A financial year: its label ('2026-27') and its first and last day. */
export type Year = { label: string; from: string; to: string };

/** The payee on `day`: its PAN, whether it declared for the year by then, the certificate for this shipper in force and what it still covers. */
export function payeeStatement(parties: TdsParties, day: string, year: Year): SQL {
  return sql`
    select c.pan,
      exists (select 1 from tds_declarations d where d.carrier_id = c.id and d.financial_year = ${year.label} and d.declared_on <= ${day}) as declared,
      tc.id as certificate_id, tc.rate_pct,
      tc.limit_paise - coalesce((select sum(p.certificate_paise) from invoice_payments p where p.certificate_id = tc.id), 0) as remaining
    from carriers c
    left join lateral (select * from tds_certificates t where t.carrier_id = c.id and t.industry_id = ${parties.industryId}
      and ${day} between t.valid_from and t.valid_to order by t.valid_from desc, t.id desc limit 1) tc on true
    where c.id = ${parties.carrierId}`;
}

/** The shipper's payments to the carrier in the year: their base and the part deducted on or exempt. */
export function yearStatement(parties: TdsParties, year: Year): SQL {
  return sql`
    select sum(p.base_paise) as base, sum(p.tds_covered_paise) as covered
    from invoice_payments p join invoices i on i.id = p.invoice_id
    where p.industry_id = ${parties.industryId} and i.carrier_id = ${parties.carrierId}
      and p.paid_on between ${year.from} and ${year.to}`;
}

export async function payeeOn(
  tx: DbOrTx,
  parties: TdsParties,
  day: string,
  year: Year,
): Promise<TdsPayee & { certificateId: number | null }> {
  const [row] = rowsOf<{
    pan: string | null;
    declared: boolean;
    certificate_id: number | null;
    rate_pct: number | null;
    remaining: string | null;
  }>(await tx.execute(payeeStatement(parties, day, year)));
  return {
    pan: row?.pan ?? null,
    declaration: row?.declared === true,
    certificate: row?.certificate_id ? { ratePct: Number(row.rate_pct), remainingPaise: Number(row.remaining ?? 0) } : null,
    certificateId: row?.certificate_id ?? null,
  };
}

export async function yearSoFar(tx: DbOrTx, parties: TdsParties, year: Year): Promise<TdsYear> {
  const [row] = rowsOf<{ base: string | null; covered: string | null }>(await tx.execute(yearStatement(parties, year)));
  return { basePaise: Number(row?.base ?? 0), coveredPaise: Number(row?.covered ?? 0) };
}

/** Holds the shipper–carrier link for the transaction: payments to one carrier are decided one after another. */
export async function lockPayee(tx: DbOrTx, industryCarrierId: number): Promise<void> {
  await tx.execute(sql`select id from industry_carriers where id = ${industryCarrierId} for update`);
}

/** The carrier's TDS profile: PAN, declarations (newest year first), certificates with what each has covered. */
export async function tdsProfile(tx: DbOrTx, carrierId: number): Promise<TdsProfile> {
  const [carrier] = rowsOf<{ pan: string | null }>(await tx.execute(sql`select pan from carriers where id = ${carrierId}`));
  const declarations = rowsOf<{ financial_year: string; carriages: number; declared_on: string }>(
    await tx.execute(sql`select financial_year, carriages, declared_on::text from tds_declarations
      where carrier_id = ${carrierId} order by financial_year desc limit 20`),
  );
  const certificates = rowsOf<Record<string, string | number>>(
    await tx.execute(sql`select t.id, t.industry_id, i.name as shipper_name, t.number, t.rate_pct, t.valid_from::text, t.valid_to::text,
        t.limit_paise, coalesce((select sum(p.certificate_paise) from invoice_payments p where p.certificate_id = t.id), 0) as used
      from tds_certificates t join industries i on i.id = t.industry_id
      where t.carrier_id = ${carrierId} order by t.valid_to desc, t.id desc limit 50`),
  );
  return {
    pan: carrier?.pan ?? null,
    declarations: declarations.map((d) => ({ financialYear: d.financial_year, carriages: Number(d.carriages), declaredOn: d.declared_on })),
    certificates: certificates.map((c) => ({
      id: Number(c.id),
      industryId: Number(c.industry_id),
      shipperName: String(c.shipper_name),
      number: String(c.number),
      ratePct: Number(c.rate_pct),
      validFrom: String(c.valid_from),
      validTo: String(c.valid_to),
      limitPaise: Number(c.limit_paise),
      usedPaise: Number(c.used),
    })),
  };
}

/** Records (or replaces) the carrier's declaration for a year. */
export async function saveDeclaration(tx: DbOrTx, carrierId: number, by: number, d: TdsDeclarationInput): Promise<void> {
  await tx.execute(sql`insert into tds_declarations (carrier_id, financial_year, carriages, declared_on, created_by)
    values (${carrierId}, ${d.financialYear}, ${d.carriages}, ${d.declaredOn}, ${by})
    on conflict (carrier_id, financial_year) do update set carriages = excluded.carriages, declared_on = excluded.declared_on,
      created_by = excluded.created_by, created_at = now()`);
}

/** Whether the carrier works for the shipper (an active or once active link). */
export async function worksFor(tx: DbOrTx, carrierId: number, industryId: number): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`select 1 from industry_carriers where carrier_id = ${carrierId} and industry_id = ${industryId} limit 1`),
  );
  return rows.length > 0;
}

/** Adds a certificate; false when the carrier already has one of that number for that shipper. */
export async function addCertificate(tx: DbOrTx, carrierId: number, by: number, c: TdsCertificateInput): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into tds_certificates (carrier_id, industry_id, number, rate_pct, valid_from, valid_to, limit_paise, created_by)
      values (${carrierId}, ${c.industryId}, ${c.number}, ${c.ratePct}, ${c.validFrom}, ${c.validTo}, ${Math.round(c.limitRupees * 100)}, ${by})
      on conflict do nothing returning id`),
  );
  return row ? Number(row.id) : null;
}

/** One payment in the TDS register. */
export type TdsRegisterRow = {
  payee: string;
  pan: string | null;
  paidOn: string;
  invoiceNumber: string;
  reference: string;
  basePaise: number;
  deductedOnPaise: number;
  tdsPaise: number;
  ratePct: number;
  rule: string;
  certificate: string | null;
};

/** The payments in `scope` (the invoice rule of the policy) made between two days, oldest first (at most 50,000). */
export async function tdsRegister(db: DbOrTx, scope: InvoiceRule, from: string, to: string): Promise<TdsRegisterRow[]> {
  const rows = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      select c.name as payee, p.payee_pan, p.paid_on::text as paid_on, invoices.number, p.reference, p.base_paise, p.tds_covered_paise,
        p.tds_paise, p.tds_rate_pct, p.tds_rule, t.number as certificate
      from invoice_payments p
      join invoices on invoices.id = p.invoice_id
      join carriers c on c.id = invoices.carrier_id
      left join tds_certificates t on t.id = p.certificate_id
      where ${scope} and p.paid_on between ${from} and ${to}
      order by p.paid_on, p.id limit 50000`),
  );
  return rows.map((r) => ({
    payee: String(r.payee),
    pan: r.payee_pan === null ? null : String(r.payee_pan),
    paidOn: String(r.paid_on),
    invoiceNumber: String(r.number),
    reference: String(r.reference),
    basePaise: Number(r.base_paise),
    deductedOnPaise: Number(r.tds_covered_paise),
    tdsPaise: Number(r.tds_paise),
    ratePct: Number(r.tds_rate_pct),
    rule: String(r.tds_rule),
    certificate: r.certificate === null ? null : String(r.certificate),
  }));
}
