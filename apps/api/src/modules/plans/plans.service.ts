import type { Payment } from '@freightdesk/shared/schemas/plan';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { manualPaymentProvider } from '../../lib/payments.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import { planInvoiceSummaries, utrUsedElsewhere } from '../../repositories/plan-invoices.repository.ts';
import {
  insertPayment,
  lockedPayment,
  markPaymentCancelled,
  markPaymentPaid,
  openPaymentCount,
  paymentsQuery,
  setPaymentProviderRef,
} from '../../repositories/plan-payments.repository.ts';
import {
  activeMemberCount,
  currentPlan,
  insertSubscription,
  offeredPlan,
  planById,
  planSpec,
} from '../../repositories/plans.repository.ts';
import { activePlantCount } from '../../repositories/plants.repository.ts';
import { checkAmountReceived, issuePlanInvoice, planTax } from './plan-invoice.service.ts';
import { type PaymentRow, paymentAccount, toPayment } from './plan-payment-view.ts';

export { joiningFee, setJoiningFee } from '../../repositories/plans.repository.ts';

export const planResource = tenantResource(planSpec);

/** Payments, newest first: one shipper's, or all of them (platform admin). */
export async function listPayments(db: Db, industryId?: number, status?: string): Promise<Payment[]> {
  const rows = await paymentsQuery(db, industryId, status);
  const extras = {
    account: await paymentAccount(db),
    invoices: await planInvoiceSummaries(
      db,
      rows.map((r) => r.id),
    ),
  };
  return rows.map((r) => toPayment(r as PaymentRow, extras));
}

/** A shipper owner chooses a plan: a payment is started with the provider and awaits confirmation. */
export async function subscribe(db: Db, actor: { id: number; industryId: number }, planId: number): Promise<Payment> {
  const id = await db.transaction(async (tx) => {
    const plan = await offeredPlan(tx, planId);
    if (!plan) {
      throw badRequest('planId', 'Choose one of the plans on offer.');
    }
    if ((await openPaymentCount(tx, actor.industryId)) > 0) {
      throw conflict('planId', 'A plan payment is already awaiting confirmation. Cancel it first to choose another plan.');
    }
    const provider = manualPaymentProvider;
    const gst = await planTax(tx, actor.industryId, plan.pricePaise, 'planId');
    const paymentId = await insertPayment(tx, {
      industryId: actor.industryId,
      planId,
      purpose: 'plan',
      amountPaise: gst.totalPaise,
      taxablePaise: gst.taxablePaise,
      cgstPaise: gst.cgstPaise,
      sgstPaise: gst.sgstPaise,
      igstPaise: gst.igstPaise,
      provider: provider.name,
      status: 'awaiting_confirmation',
      requestedBy: actor.id,
    });
    const started = await provider.start({ paymentId, amountPaise: gst.totalPaise, purpose: 'plan', payer: String(actor.industryId) });
    await setPaymentProviderRef(tx, paymentId, started.providerRef);
    await writeAudit(tx, {
      industryId: actor.industryId,
      actorUserId: actor.id,
      entity: 'payment',
      entityId: paymentId,
      action: 'start',
      to: { planId },
    });
    return paymentId;
  });
  const [payment] = (await listPayments(db, actor.industryId)).filter((p) => p.id === id);
  return payment as Payment;
}

async function openPayment(db: DbOrTx, id: number, industryId?: number) {
  const p = await lockedPayment(db, id, industryId);
  if (!p) {
    throw notFound('Payment');
  }
  if (p.status !== 'awaiting_confirmation') {
    throw new AppError(409, 'CONFLICT', `This payment is already ${p.status === 'paid' ? 'paid' : 'cancelled'}.`);
  }
  return p;
}

/** Starts the paid plan: from now, or from the end of the plan in force so no paid day is lost. */
async function activatePlan(tx: DbOrTx, industryId: number, planId: number | null) {
  const plan = await planById(tx, planId ?? 0);
  if (!plan) {
    throw badRequest('id', 'This payment has no plan to activate.');
  }
  const [current] = await currentPlan(tx, industryId);
  const startsAt = current ? new Date(current.endsAt) : new Date();
  const endsAt = new Date(startsAt.getTime() + plan.durationDays * 86_400_000);
  const subscriptionId = await insertSubscription(tx, { industryId, planId: plan.id, startsAt, endsAt });
  return { plan, startsAt, endsAt, subscriptionId };
}

/**
 * Confirms a payment (the admin, or a gateway webhook) with the bank's UTR and the amount received
 * (which must be the payable), activates the plan and issues the platform's tax invoice for it, in
 * one transaction: a refused confirmation changes nothing and takes no invoice number.
 */
export async function confirmPayment(
  db: Db,
  adminId: number,
  id: number,
  received: { providerRef: string; amountRupees: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await openPayment(tx, id);
    checkAmountReceived(received.amountRupees, p.amountPaise);
    if (await utrUsedElsewhere(tx, received.providerRef, id)) {
      throw conflict('providerRef', `UTR ${received.providerRef} already confirmed another plan payment.`);
    }
    const { plan, startsAt, endsAt, subscriptionId } = await activatePlan(tx, p.industryId, p.planId);
    const confirmedAt = new Date();
    await markPaymentPaid(tx, id, { providerRef: received.providerRef, confirmedBy: adminId, confirmedAt, subscriptionId });
    const gst = {
      taxablePaise: p.taxablePaise ?? p.amountPaise,
      cgstPaise: p.cgstPaise,
      sgstPaise: p.sgstPaise,
      igstPaise: p.igstPaise,
      totalPaise: p.amountPaise,
    };
    await issuePlanInvoice(tx, { id, industryId: p.industryId, planName: plan.name, startsAt, endsAt, gst, confirmedAt });
    await writeAudit(tx, {
      industryId: p.industryId,
      actorUserId: adminId,
      entity: 'payment',
      entityId: id,
      action: 'confirm',
      from: p.status,
      to: 'paid',
    });
  });
}

export async function cancelPayment(db: Db, actorId: number, id: number, industryId?: number): Promise<void> {
  const p = await openPayment(db, id, industryId);
  await markPaymentCancelled(db, id);
  await writeAudit(db, {
    industryId: p.industryId,
    actorUserId: actorId,
    entity: 'payment',
    entityId: id,
    action: 'cancel',
    from: p.status,
    to: 'cancelled',
  });
}

/** `/my-plan`: the plan in force with what is used of its limits. */
export async function myPlan(db: Db, industryId: number) {
  const [plan] = await currentPlan(db, industryId);
  const members = await activeMemberCount(db, industryId);
  const activePlants = await activePlantCount(db, industryId);
  return {
    plan: plan ?? null,
    usage: { members, plants: activePlants },
    payments: await listPayments(db, industryId),
  };
}
