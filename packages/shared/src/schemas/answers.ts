import { z } from 'zod';
import { listResponseSchema } from './common.ts';
import { documentSchema } from './document.ts';
import { INVOICE_STATUSES } from './invoice.ts';
import { orderSchema } from './order.ts';
import { requestSchema } from './request.ts';
import { orderTrackSchema } from './tracking.ts';

/**
 * The declared answers of the ERP-facing read routes (issue 34, record 0286): what the OpenAPI
 * document shows as their 200, and what the API suite checks every such answer against. A schema
 * names the fields a client may rely on; an answer may carry more (a zod object lets them pass),
 * and the API sends the answer as it is (apps/api/src/openapi/answers.ts).
 */
export const dataAnswer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** An invoice as lists and the detail give it (invoice-views.ts InvoiceRow): money in paise. */
export const invoiceRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  financialYear: z.string(),
  invoiceDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  version: z.number().int(),
  industryId: z.number().int(),
  shipperName: z.string(),
  carrierLinkId: z.number().int(),
  carrierName: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  orderCount: z.number().int(),
  taxablePaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
  approvedPaise: z.number().int().nullable(),
  paidPaise: z.number().int(),
  duePaise: z.number().int(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});

export const orderListAnswer = listResponseSchema(orderSchema);
export const orderAnswer = dataAnswer(orderSchema);
export const requestListAnswer = listResponseSchema(requestSchema);
export const requestAnswer = dataAnswer(requestSchema);
export const invoiceListAnswer = listResponseSchema(invoiceRowSchema);
export const invoiceAnswer = dataAnswer(invoiceRowSchema);
export const orderTrackAnswer = dataAnswer(orderTrackSchema);
export const documentListAnswer = dataAnswer(z.array(documentSchema));
