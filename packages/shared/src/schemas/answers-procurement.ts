import { z } from 'zod';
import { bidPositionSchema, bidRevisionSchema, carrierRequestSchema, rankedBidSchema } from './bid.ts';
import { listResponseSchema } from './common.ts';
import { documentSchema } from './document.ts';
import { orderSchema } from './order.ts';
import { requestHistoryEntrySchema, requestSchema } from './request.ts';
import { priceBandSchema } from './usual-price.ts';

/**
 * The declared answers of the transport request routes (issue 34): the shipper's requests, their
 * bids, history and award (`/api/requests/{dir}`), the carrier portal's requests and bids
 * (`/api/carrier/requests`), and the attachments of requests, RFQs and contracts. Money in rupees,
 * moments as ISO text. RFQs: answers-procurement-rfq.ts; contracts: answers-procurement-contract.ts.
 */

/** Several requests created together (a batch: all or none). */
export const requestBatchAnswer = z.object({ data: z.array(requestSchema) });

/** The usual price of the lane, or null when neither the shipper's history nor the road distance gives one. */
export const usualPriceAnswer = z.object({ data: priceBandSchema.nullable() });

/**
 * A request's history tab, oldest first. `from` and `to` are any JSON or null (a status: its name; an
 * edit: `{ field: [before, after] }` and the status it left the request in), so they carry no type.
 */
export const requestHistoryEntryAnswerSchema = requestHistoryEntrySchema.extend({
  from: z
    .unknown()
    .describe('For a status change, the status left; for an edit, the changed fields as { field: [before, after] }; or null.'),
  to: z.unknown().describe('For a status change, the status entered; for an edit, { status }; or null.'),
});
export const requestHistoryAnswer = z.object({ data: z.array(requestHistoryEntryAnswerSchema) });

/** A request's bids, ranked (L1 first), with the saving against the target price. */
export const rankedBidListAnswer = z.object({ data: z.array(rankedBidSchema) });

/** One bid and each of its revisions, oldest first. */
export const bidWithRevisionsAnswer = z.object({ data: z.object({ bid: rankedBidSchema, revisions: z.array(bidRevisionSchema) }) });

/** The orders an award made (201), or those an identical award made before (200). */
export const awardOrdersAnswer = z.object({ data: z.array(orderSchema) });

/** A page of the carrier's requests (one tab), with both tabs' counts under the same search. */
export const carrierRequestListAnswer = listResponseSchema(carrierRequestSchema).extend({
  counts: z.object({ live: z.number().int(), finished: z.number().int() }),
});

/** One request as the carrier sees it, with every revision of its own bid. */
export const carrierRequestDetailSchema = carrierRequestSchema.extend({ revisions: z.array(bidRevisionSchema) });
export const carrierRequestAnswer = z.object({ data: carrierRequestDetailSchema });

/** The carrier's bid placed: its position as the shipper's visibility setting allows. */
export const bidPositionAnswer = z.object({ data: bidPositionSchema });

/** A document uploaded (request, RFQ or contract attachment; order document). */
export const documentAnswer = z.object({ data: documentSchema });

/** A document deleted. */
export const documentDeletedAnswer = z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }) });

/** The documents a carrier may read of a record: none while the record hides its material. */
export const carrierDocumentListAnswer = z.object({ data: z.array(documentSchema), materialHidden: z.boolean() });
