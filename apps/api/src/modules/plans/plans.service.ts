import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { JoiningFee, Payment, Plan, PlanInputParsed, PlanListQuery } from '@freightdesk/shared/schemas/plan';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { plants } from '../../db/schema/plants.ts';
import { payments, platformSettings } from '../../db/schema/platform.ts';
import { industries, plans, subscriptions } from '../../db/schema/tenancy.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { manualPaymentProvider } from '../../lib/payments.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';
import { planInvoiceSummaries, utrUsedElsewhere } from '../../repositories/plan-invoices.repository.ts';
import { currentPlan } from '../account/account.service.ts';
import { checkAmountReceived, issuePlanInvoice, planTax } from './plan-invoice.service.ts';
import { type PaymentRow, paymentAccount, toPayment } from './plan-payment-view.ts';

export const planResource = tenantResource<Plan, PlanInputParsed, PlanListQuery>({
  entity: 'plan',
  label: 'Plan',
  global: true,
  table: plans,
  select: {
    id: plans.id,
    name: plans.name,
    priceRupees: sql<number>`(plans.price_paise / 100.0)::float8`.as('price_rupees'),
    durationDays: plans.durationDays,
    noOfMembers: plans.noOfMembers,
    noOfPlants: plans.noOfPlants,
    status: plans.status,
    createdAt: plans.createdAt,
    updatedAt: plans.updatedAt,
  },
  search: [plans.name],
  sorts: { name: plans.name, price: plans.pricePaise },
  filters: (q) => [q.status ? eq(plans.status, q.status) : undefined],
  toRow: withIsoDates<Plan>,
  toValues: ({ priceRupees, ...rest }) => ({ ...rest, pricePaise: Math.round(priceRupees * 100) }),
});

const JOINING_FEE_KEY = 'joining_fee';

export async function joiningFee(db: Db): Promise<JoiningFee> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, JOINING_FEE_KEY));
  return (row?.value as JoiningFee | undefined) ?? { amountRupees: 0, note: '' };
}

export async function setJoiningFee(db: Db, fee: JoiningFee): Promise<JoiningFee> {
  await db
    .insert(platformSettings)
    .values({ key: JOINING_FEE_KEY, value: fee })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: fee, updatedAt: new Date() } });
  return fee;
}

const paymentColumns = {
  id: payments.id,
  industryId: payments.industryId,
  industryName: industries.name,
  purpose: payments.purpose,
  planName: plans.name,
  amountPaise: payments.amountPaise,
  taxablePaise: payments.taxablePaise,
  cgstPaise: payments.cgstPaise,
  sgstPaise: payments.sgstPaise,
  igstPaise: payments.igstPaise,
  provider: payments.provider,
  providerRef: payments.providerRef,
  status: payments.status,
  createdAt: payments.createdAt,
  confirmedAt: payments.confirmedAt,
};

/** Payments, newest first: one shipper's, or all of them (platform admin). */
export async function listPayments(db: Db, industryId?: number, status?: string): Promise<Payment[]> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(industries, eq(industries.id, payments.industryId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(and(industryId ? eq(payments.industryId, industryId) : undefined, status ? eq(payments.status, status as never) : undefined))
    .orderBy(desc(payments.id))
    .limit(200);
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
    const [plan] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.id, planId), eq(plans.status, 'active')));
    if (!plan) {
      throw badRequest('planId', 'Choose one of the plans on offer.');
    }
    const [open] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.industryId, actor.industryId), eq(payments.status, 'awaiting_confirmation')));
    if ((open?.n ?? 0) > 0) {
      throw conflict('planId', 'A plan payment is already awaiting confirmation. Cancel it first to choose another plan.');
    }
    const provider = manualPaymentProvider;
    const gst = await planTax(tx, actor.industryId, plan.pricePaise, 'planId');
    const [row] = await tx
      .insert(payments)
      .values({
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
      })
      .returning({ id: payments.id });
    const paymentId = row?.id ?? 0;
    const started = await provider.start({ paymentId, amountPaise: gst.totalPaise, purpose: 'plan', payer: String(actor.industryId) });
    await tx.update(payments).set({ providerRef: started.providerRef }).where(eq(payments.id, paymentId));
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
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), industryId ? eq(payments.industryId, industryId) : undefined))
    .for('update');
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
  const [plan] = await tx
    .select()
    .from(plans)
    .where(eq(plans.id, planId ?? 0));
  if (!plan) {
    throw badRequest('id', 'This payment has no plan to activate.');
  }
  const [current] = await currentPlan(tx, industryId);
  const startsAt = current ? new Date(current.endsAt) : new Date();
  const endsAt = new Date(startsAt.getTime() + plan.durationDays * 86_400_000);
  const [sub] = await tx
    .insert(subscriptions)
    .values({ industryId, planId: plan.id, startsAt, endsAt })
    .returning({ id: subscriptions.id });
  return { plan, startsAt, endsAt, subscriptionId: sub?.id };
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
    await tx
      .update(payments)
      .set({ status: 'paid', providerRef: received.providerRef, confirmedBy: adminId, confirmedAt, subscriptionId, updatedAt: confirmedAt })
      .where(eq(payments.id, id));
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
  await db.update(payments).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(payments.id, id));
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
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.industryId, industryId), eq(users.status, 'active')));
  const [activePlants] = await db
    .select({ n: count() })
    .from(plants)
    .where(and(eq(plants.industryId, industryId), eq(plants.status, 'active')));
  return {
    plan: plan ?? null,
    usage: { members: members?.n ?? 0, plants: activePlants?.n ?? 0 },
    payments: await listPayments(db, industryId),
  };
}
