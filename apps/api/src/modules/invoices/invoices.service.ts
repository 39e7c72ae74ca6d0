import type { InvoiceInput, InvoicePreviewInput } from '@freightdesk/shared/schemas/invoice';
import { formatDay } from '@freightdesk/shared/date-time';
import { gstSplit, formatRupees } from '@freightdesk/shared/money';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, uniqueViolation } from '../../lib/errors.ts';
import { audience } from '../../lib/policy.ts';
import { recordInvoiceEvent } from '../../lib/webhook-emits.ts';
import { notify } from '../../lib/notify.ts';
import { gstRateOn } from './gst-rates.service.ts';
import { auditLine, type OrderFacts, taxableOf } from './invoice-audit.ts';
import { issuedParties } from '../../repositories/invoice-parties.repository.ts';
import { checkBookDay, indiaDayOf, orderFacts, termsFor } from './invoice-facts.ts';
import { plural } from '@freightdesk/shared/words';
import { BILLABLE_STATUSES, billedOrders } from '../../repositories/invoice-billable.repository.ts';
import { gstinsOf, insertInvoice, insertVersion, invoiceNumbered, takeOrders } from '../../repositories/invoice-writes.repository.ts';

export type CarrierActor = { id: number; carrierId: number };
type Lines = InvoiceInput['lines'];

/**
 * Every line's order must be one of the carrier's, billable (repositories/invoice-billable: delivered
 * or closed, on no other invoice), of one shipper and one plant (one GSTIN); each refusal names the
 * line's field.
 */
async function checkOrders(tx: DbOrTx, actor: CarrierActor, lines: Lines) {
  const facts = await orderFacts(tx, [...new Set(lines.map((l) => l.orderId))]);
  let first: OrderFacts | undefined;
  lines.forEach((line, i) => {
    const field = `lines.${i}.orderId`;
    const order = facts.get(line.orderId);
    if (!order || order.carrierId !== actor.carrierId) {
      throw badRequest(field, 'No such order among your orders.');
    }
    if (!BILLABLE_STATUSES.includes(order.status)) {
      throw badRequest(field, `Order ${order.number} is not delivered yet: it can be billed once its POD is in.`);
    }
    first ??= order;
    if (order.industryId !== first.industryId) {
      throw badRequest(field, 'All orders of an invoice must be of one shipper.');
    }
    if (order.plantId !== first.plantId) {
      throw badRequest(field, `Order ${order.number} is of another plant (another GSTIN): bill it on its own invoice.`);
    }
  });
  const billed = await billedOrders(tx, [...facts.keys()]);
  for (const row of billed) {
    const i = lines.findIndex((l) => l.orderId === Number(row.order_id));
    throw badRequest(`lines.${i}.orderId`, `Order ${facts.get(Number(row.order_id))?.number} is already billed on invoice ${row.number}.`);
  }
  if (!first) {
    throw badRequest('lines', 'Add at least one line');
  }
  return { facts, shipper: first };
}

/** The invoice date may not come before a delivery it bills. */
function checkDate(day: string, facts: Map<number, OrderFacts>) {
  for (const order of facts.values()) {
    const delivered = order.podDeliveredAt ?? order.deliveredAt;
    if (delivered && indiaDayOf(delivered) > day) {
      throw badRequest('invoiceDate', `Invoice date cannot be before order ${order.number} was delivered (${formatDay(delivered)}).`);
    }
  }
}

/** The audited lines, the taxable value and the GST of a version. */
export async function priced(tx: DbOrTx, actor: CarrierActor, input: InvoicePreviewInput | InvoiceInput) {
  const lines = input.lines.map((l) => ({ ...l, amountPaise: Math.round(l.amountRupees * 100), reason: l.reason ?? null }));
  const { facts, shipper } = await checkOrders(tx, actor, input.lines);
  const fy = checkBookDay('invoiceDate', input.invoiceDate);
  checkDate(input.invoiceDate, facts);
  const taxable = taxableOf(lines);
  if (taxable <= 0) {
    throw badRequest('lines', 'The deductions cannot exceed the charges.');
  }
  const rate = await gstRateOn(tx, input.gstScheme, input.invoiceDate);
  const parties = await gstinsOf(tx, actor.carrierId, shipper.plantId);
  const supplierGstin = parties?.gstin ?? null;
  const recipientGstin = String(parties?.plant_gstin ?? '');
  if (input.gstScheme !== 'rcm' && !supplierGstin) {
    throw badRequest('gstScheme', 'Forward charge needs your GSTIN: add it to your company profile, or bill under reverse charge.');
  }
  const tax = gstSplit(taxable, rate.ratePct, supplierGstin ?? recipientGstin, recipientGstin).totalTaxPaise;
  const terms = await termsFor(tx, shipper.industryId, shipper.plantId, shipper.industryCarrierId);
  const audited = lines.map((line) => ({ ...line, ...auditLine(line, facts.get(line.orderId) as OrderFacts, terms, lines) }));
  return {
    fy,
    shipper,
    audited,
    orderIds: [...facts.keys()],
    values: {
      invoiceDate: input.invoiceDate,
      gstScheme: input.gstScheme,
      gstRatePct: rate.ratePct,
      supplierGstin,
      recipientGstin,
      orderCount: facts.size,
      taxablePaise: taxable,
      taxPaise: tax,
      // Under reverse charge the shipper pays the GST to the government, not to the carrier.
      totalPaise: taxable + (input.gstScheme === 'rcm' ? 0 : tax),
    },
  };
}

async function writeVersion(tx: DbOrTx, invoiceId: number, version: number, p: Awaited<ReturnType<typeof priced>>, by: number) {
  const taken = await takeOrders(tx, invoiceId, p.orderIds);
  if (taken.length !== p.orderIds.length) {
    // Another invoice took one of the orders after the check (two users at once).
    throw badRequest('lines', 'One of the orders was billed on another invoice just now: reload and try again.');
  }
  await insertVersion(
    tx,
    p.audited.map((l) => ({
      invoiceId,
      version,
      orderId: l.orderId,
      kind: l.kind,
      amountPaise: l.amountPaise,
      reason: l.reason,
      expectedPaise: l.expectedPaise,
      audit: l.audit,
      auditNotes: l.notes,
    })),
    {
      invoiceId,
      version,
      invoiceDate: p.values.invoiceDate,
      taxablePaise: p.values.taxablePaise,
      totalPaise: p.values.totalPaise,
      note: null,
      submittedBy: by,
    },
  );
}

async function tellShipper(tx: DbOrTx, industryId: number, invoiceId: number, title: string, msg: string) {
  await notify(tx, await audience(tx, industryId, 'invoice', invoiceId), {
    title,
    msg,
    type: 'invoice',
    referId: invoiceId,
    requestType: 1,
  });
}

const flagged = (p: Awaited<ReturnType<typeof priced>>) => p.audited.filter((l) => l.audit === 'differs').length;

/** A carrier raises an invoice: checked, audited line by line and submitted to the shipper. */
export async function createInvoice(db: Db, actor: CarrierActor, input: InvoiceInput): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const p = await priced(tx, actor, input);
      const taken = await invoiceNumbered(tx, actor.carrierId, p.fy, input.number);
      if (taken) {
        throw badRequest('number', `You already used invoice number ${input.number} in the financial year ${p.fy}.`);
      }
      const now = new Date();
      const at = { carrierId: actor.carrierId, plantId: p.shipper.plantId, ...p.values };
      const issued = await issuedParties(tx, at, p.orderIds, now);
      const id = await insertInvoice(tx, {
        industryId: p.shipper.industryId,
        industryCarrierId: p.shipper.industryCarrierId,
        carrierId: actor.carrierId,
        plantId: p.shipper.plantId,
        number: input.number,
        financialYear: p.fy,
        ...p.values,
        issued,
        submittedAt: now,
        submittedBy: actor.id,
      });
      await writeVersion(tx, id, 1, p, actor.id);
      await tellShipper(
        tx,
        p.shipper.industryId,
        id,
        'Invoice submitted',
        `Invoice ${input.number} for ₹${formatRupees(p.values.totalPaise)} (${plural(p.values.orderCount, 'order')}) is in; the audit flagged ${flagged(p)} of ${p.audited.length} lines.`,
      );
      await recordInvoiceEvent(tx, 'invoice.submitted', id, {});
      return id;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'invoices_number') {
      throw badRequest('number', `You already used invoice number ${input.number} in this financial year.`);
    }
    throw err;
  }
}
