import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { consignmentNotes } from '../db/schema/consignment-notes.ts';
import { ewayBills } from '../db/schema/execution.ts';
import { indentAllocations, indents } from '../db/schema/indents.ts';
import { invoices } from '../db/schema/money.ts';
import { orders } from '../db/schema/orders.ts';
import { industryCarriers } from '../db/schema/tenancy.ts';

/**
 * What a webhook event says about its object (issue 34): read inside the transaction of the change,
 * by id only — the caller already holds the object within its own policy scope.
 */

export const orderSubjectQuery = (db: DbOrTx, orderId: number) =>
  db
    .select({
      id: orders.id,
      number: orders.number,
      requestType: orders.requestType,
      industryId: orders.industryId,
      carrierId: orders.carrierId,
      requestId: orders.requestId,
      pricePaise: orders.pricePaise,
      vehicleNumber: orders.vehicleNumber,
      driverName: orders.driverName,
      driverMobile: orders.driverMobile,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);

/** The numbers of the order's live e-way bills and of its consignment note. */
export const orderDocumentNumbersQuery = (db: DbOrTx, orderId: number) =>
  db
    .select({
      ewayBills: sql<string[]>`coalesce((select array_agg(${ewayBills.number} order by ${ewayBills.id}) from ${ewayBills}
        where ${ewayBills.orderId} = ${orderId} and ${ewayBills.status} = 'active'), '{}')`,
      notes: sql<string[]>`coalesce((select array_agg(${consignmentNotes.number}) from ${consignmentNotes}
        where ${consignmentNotes.orderId} = ${orderId}), '{}')`,
    })
    .from(sql`(select 1) as one`);

export const invoiceSubjectQuery = (db: DbOrTx, invoiceId: number) =>
  db
    .select({
      id: invoices.id,
      number: invoices.number,
      industryId: invoices.industryId,
      carrierId: invoices.carrierId,
      totalPaise: invoices.totalPaise,
      approvedPaise: invoices.approvedPaise,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .limit(1);

/** An indent and the carrier of one of its allocations. */
export const indentSubjectQuery = (db: DbOrTx, allocationId: number) =>
  db
    .select({ id: indents.id, number: indents.number, industryId: indents.industryId, carrierId: industryCarriers.carrierId })
    .from(indentAllocations)
    .innerJoin(indents, eq(indents.id, indentAllocations.indentId))
    .innerJoin(industryCarriers, and(eq(industryCarriers.id, indentAllocations.industryCarrierId)))
    .where(eq(indentAllocations.id, allocationId))
    .limit(1);
