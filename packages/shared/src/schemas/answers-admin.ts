import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { currentPlanItemSchema } from './auth.ts';
import { listResponseSchema, statusSchema } from './common.ts';
import { deviceSchema } from './device.ts';
import { gstRateSchema } from './invoice.ts';
import { noticeSchema } from './notice.ts';
import { outboxMailSchema } from './outbox.ts';
import { paymentSchema, planSchema, shipperSchema } from './plan.ts';
import type { NotificationRow } from './push.ts';

/**
 * The declared answers of the platform admin's routes (geography, devices, plans and plan billing,
 * shippers, notices, the outbox, GST rates) and of the shipper's plan, notifications and What's new
 * (issue 34, record 0286). The masters registered by `registerResourceRoutes` declare their row
 * schema (geography.ts, plan.ts, device.ts, notice.ts) and the builder makes their answers.
 */

/** A count the header shows (unread notifications, unread notices), or what is left unread after marking all read (0). */
export const countAnswer = dataAnswer(z.object({ count: z.number().int() }));

/** The joining fee a new shipper pays once, in rupees. */
export const joiningFeeAnswer = dataAnswer(z.object({ amountRupees: z.number(), note: z.string() }));

/** The platform's own tax and bank details, as stored (plan-billing.ts platformBillingSchema, parsed). */
export const platformBillingRowSchema = z.object({
  legalName: z.string(),
  gstin: z.string(),
  pan: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  bankAccountName: z.string(),
  bankAccountNumber: z.string(),
  bankIfsc: z.string(),
  bankName: z.string(),
});
/** null until the platform admin first saves them. */
export const platformBillingAnswer = dataAnswer(platformBillingRowSchema.nullable());
export const platformBillingSavedAnswer = dataAnswer(platformBillingRowSchema);

/** Plan payments: the admin's list (all shippers), a shipper's new payment, and the two moves. */
export const paymentListAnswer = dataAnswer(z.array(paymentSchema));
export const paymentAnswer = dataAnswer(paymentSchema);
export const paymentConfirmedAnswer = dataAnswer(z.object({ id: z.number().int(), status: z.literal('paid') }));
export const paymentCancelledAnswer = dataAnswer(z.object({ id: z.number().int(), status: z.literal('cancelled') }));

/** The plans on offer (active ones, cheapest first), as shippers choose from them. */
export const offeredPlansAnswer = dataAnswer(z.array(planSchema));

/** `POST /plan/current-plan` (spec section 7): a list of one plan in force, or empty. */
export const currentPlanAnswer = dataAnswer(z.array(currentPlanItemSchema));

/** What the company uses of its plan's limits: active members and active plants. */
const planUsageSchema = z.object({ members: z.number().int(), plants: z.number().int() });
/** `GET /my-plan`: the plan in force (null when none), its use, and the company's plan payments. */
export const myPlanAnswer = dataAnswer(
  z.object({ plan: currentPlanItemSchema.nullable(), usage: planUsageSchema, payments: z.array(paymentSchema) }),
);
/** `GET /plan/usage`: the plan's limits (0 without a plan) beside what is used. */
export const planUsageAnswer = dataAnswer(planUsageSchema.extend({ noOfMembers: z.number().int(), noOfPlants: z.number().int() }));

/** The admin's shipper companies. */
export const shipperListAnswer = listResponseSchema(shipperSchema);
export const shipperAnswer = dataAnswer(shipperSchema);

/** The admin's (de)activation of a user account: its new status and the one before. */
export const userStatusAnswer = dataAnswer(z.object({ id: z.number().int(), status: statusSchema, previous: statusSchema }));

/** Mails sent or kept in the outbox, newest first. */
export const outboxListAnswer = listResponseSchema(outboxMailSchema);

/** The dated GST rate table of GTA services, and a rate the admin adds. */
export const gstRateListAnswer = dataAnswer(z.array(gstRateSchema));
export const gstRateAnswer = dataAnswer(gstRateSchema);

/** A device the admin assigns to a shipper or receives back. */
export const deviceAnswer = dataAnswer(deviceSchema);

/** What's new as users read it: the published notices, each with `read` (always set here) for this user. */
export const whatsNewListAnswer = listResponseSchema(noticeSchema);

/** The kinds of record a notification is about (push.ts PushData `type`). */
export const NOTIFICATION_TYPES = ['request', 'order', 'rfp', 'indent', 'invoice', 'report', 'webhook'] as const;

/** A stored notification as the API lists it (push.ts NotificationRow). */
export const notificationRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  msg: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The record it is about (an order, a request …), 0 when none. */
  referId: z.number().int(),
  requestType: z.number().int(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<NotificationRow>;
export const notificationListAnswer = listResponseSchema(notificationRowSchema);
/** A notification marked read. */
export const notificationReadAnswer = dataAnswer(z.object({ id: z.number().int() }));
