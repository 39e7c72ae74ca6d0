import { z } from 'zod';

/**
 * The webhook events (issue 34): each a versioned envelope `{ type, version, timestamp, data }`
 * whose `data` has its own schema here. The public catalogue route serves these as JSON Schema;
 * docs/integrations.md "Webhooks" lists them. A change that breaks a receiver is a new version.
 */

const id = z.number().int().positive();
const at = z.string().describe('ISO 8601 time');
/** Outbound (1, the shipper dispatches) or inbound (2, the shipper receives). */
const direction = z.union([z.literal(1), z.literal(2)]);
const order = { orderId: id, orderNumber: z.string(), direction };

const requestData = z.object({ requestId: id, requestNumber: z.string(), direction });
const orderAt = z.object({ ...order, at });
const indentData = z.object({
  indentId: id,
  indentNumber: z.string(),
  carrierId: id,
  /** Vehicles the carrier accepted (0 when it declined). */
  vehicles: z.number().int().nonnegative(),
  /** Why it declined ("not answered in time" when its turn lapsed); null on accept. */
  reason: z.string().nullable(),
});
const invoiceData = z.object({ invoiceId: id, invoiceNumber: z.string(), carrierId: id, amount: z.number() });

export const WEBHOOK_EVENTS = {
  'request.published': { description: 'A transport request was published to carriers.', data: requestData },
  'auction.closed': { description: "A request's auction closed (bidding ended).", data: requestData.extend({ closedAt: at }) },
  'order.awarded': {
    description: 'An order was awarded to a carrier.',
    data: z.object({ ...order, requestId: id.nullable(), carrierId: id, freight: z.number().nullable() }),
  },
  'order.vehicle_assigned': {
    description: 'The carrier assigned a vehicle (and driver) to an order.',
    data: z.object({ ...order, vehicleNumber: z.string(), driverName: z.string().nullable(), driverPhone: z.string().nullable() }),
  },
  'order.gate_in': { description: "The vehicle entered the plant's gate.", data: orderAt },
  'order.gate_out': {
    description: "The vehicle left the plant's gate, with its e-way bills and consignment notes.",
    data: orderAt.extend({ ewayBillNumbers: z.array(z.string()), consignmentNoteNumbers: z.array(z.string()) }),
  },
  'eway_bill.expiring': {
    description: 'An e-way bill of an order in transit expires within 8 hours.',
    data: z.object({ ...order, ewayBillNumber: z.string(), validUntil: at }),
  },
  'order.arrived': { description: 'The vehicle arrived at the destination.', data: orderAt },
  'order.delivered': { description: 'The order was delivered.', data: orderAt },
  'order.pod_approved': { description: 'The proof of delivery was approved.', data: orderAt },
  'indent.accepted': { description: 'A carrier accepted an indent.', data: indentData },
  'indent.declined': { description: 'A carrier declined an indent (or its turn lapsed).', data: indentData },
  'invoice.submitted': { description: 'A carrier submitted an invoice.', data: invoiceData },
  'invoice.approved': { description: 'The shipper approved an invoice.', data: invoiceData },
  'invoice.credit_note': {
    description: 'A credit note was issued against an invoice.',
    data: invoiceData.extend({ creditNoteNumber: z.string(), creditAmount: z.number() }),
  },
  'payment.recorded': {
    description: 'A payment of an invoice was recorded.',
    data: invoiceData.extend({ paidAmount: z.number(), paidOn: z.string(), reference: z.string().nullable() }),
  },
  'webhook.test': {
    description: 'A test event sent from the settings page (never sent otherwise).',
    data: z.object({ message: z.string() }),
  },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENTS)[T]['data']>;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
/** The events an endpoint may subscribe to (the test event goes to whoever asks for it). */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'webhook.test');
export const WEBHOOK_EVENT_VERSION = 1;

/** The envelope of one event, as the receiver gets it in the body. */
export function webhookEnvelopeSchema<T extends WebhookEventType>(type: T) {
  return z.object({ type: z.literal(type), version: z.literal(WEBHOOK_EVENT_VERSION), timestamp: at, data: WEBHOOK_EVENTS[type].data });
}

export type WebhookEnvelope<T extends WebhookEventType = WebhookEventType> = {
  type: T;
  version: typeof WEBHOOK_EVENT_VERSION;
  timestamp: string;
  data: WebhookEventData<T>;
};

/** The catalogue: each event's description and the JSON Schema of its envelope. */
export function webhookCatalogue() {
  return WEBHOOK_EVENT_TYPES.map((type) => ({
    type,
    version: WEBHOOK_EVENT_VERSION,
    description: WEBHOOK_EVENTS[type].description,
    schema: z.toJSONSchema(webhookEnvelopeSchema(type), { io: 'output' }),
  }));
}
