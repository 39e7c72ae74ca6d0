import type { PaymentAccount } from '@freightdesk/shared/schemas/plan-billing';
import { indianRupees } from '@freightdesk/shared/indian-number';

/**
 * Payment gateway adapter. A provider starts a payment and tells the payer what to do; the
 * payment becomes "paid" when the provider (a webhook) or the platform admin confirms it.
 *
 * Built in: `manual` — bank transfer (NEFT/RTGS/UPI) confirmed by the platform admin. A real
 * gateway (Razorpay, PayU, Cashfree …) implements the same interface: `start` creates the order
 * on the gateway and returns its reference and a checkout hint; its webhook route calls
 * `confirmPayment` with the gateway's payment id. See docs/payments.md.
 */
export type PaymentProvider = {
  name: string;
  start: (p: { paymentId: number; amountPaise: number; purpose: 'plan' | 'joining-fee'; payer: string }) => Promise<{
    providerRef: string | null;
  }>;
  /** What the payer is told to do next. */
  instructions: (p: { paymentId: number; amountPaise: number; account: PaymentAccount | null }) => string;
};

const rupees = (paise: number) => indianRupees(paise / 100);

export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  start: async () => ({ providerRef: null }),
  instructions: ({ paymentId, amountPaise, account }) =>
    `Transfer ${rupees(amountPaise)} (GST included) by NEFT, RTGS or IMPS to ${
      account
        ? `${account.bankAccountName}, account ${account.bankAccountNumber}, IFSC ${account.bankIfsc} (${account.bankName})`
        : "the platform's bank account"
    } and quote reference FD-PAY-${paymentId}. The platform admin activates your plan and issues its tax invoice as soon as the payment arrives.`,
};

const providers = new Map([[manualPaymentProvider.name, manualPaymentProvider]]);

export function paymentProvider(name: string): PaymentProvider {
  return providers.get(name) ?? manualPaymentProvider;
}
