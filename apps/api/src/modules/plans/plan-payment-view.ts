import type { Payment } from '@freightdesk/shared/schemas/plan';
import type { PaymentAccount, PlanInvoiceSummary } from '@freightdesk/shared/schemas/plan-billing';
import type { DbOrTx } from '../../db/client.ts';
import { paymentProvider } from '../../lib/payments.ts';
import { readPlatformBilling } from '../../repositories/platform-billing.repository.ts';
import { paymentReference } from './plan-invoice.service.ts';

/** A plan payment as the shipper and the admin read it (issue 33): amounts in rupees with the GST parts, where to pay, its tax invoice. */

export type PaymentRow = {
  industryId: number;
  industryName: string;
  purpose: string;
  planName: string | null;
  providerRef: string | null;
  id: number;
  amountPaise: number;
  taxablePaise: number | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  provider: string;
  status: string;
  createdAt: Date;
  confirmedAt: Date | null;
};
type PaymentExtras = { account: PaymentAccount | null; invoices: Map<number, PlanInvoiceSummary> };

export function toPayment(r: PaymentRow, { account, invoices }: PaymentExtras): Payment {
  const { amountPaise, taxablePaise, cgstPaise, sgstPaise, igstPaise, ...rest } = r;
  const waiting = r.status === 'awaiting_confirmation';
  return {
    ...(rest as unknown as Payment),
    amountRupees: amountPaise / 100,
    taxableRupees: (taxablePaise ?? amountPaise) / 100,
    cgstRupees: cgstPaise / 100,
    sgstRupees: sgstPaise / 100,
    igstRupees: igstPaise / 100,
    reference: paymentReference(r.id),
    account: waiting ? account : null,
    invoice: invoices.get(r.id) ?? null,
    instructions: waiting ? paymentProvider(r.provider).instructions({ paymentId: r.id, amountPaise, account }) : null,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
  };
}

/** Where plan payments go: the platform's bank account, as the payer is shown it. */
export async function paymentAccount(db: DbOrTx): Promise<PaymentAccount | null> {
  const b = await readPlatformBilling(db);
  return b
    ? { bankAccountName: b.bankAccountName, bankAccountNumber: b.bankAccountNumber, bankIfsc: b.bankIfsc, bankName: b.bankName }
    : null;
}
