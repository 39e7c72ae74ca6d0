import { Alert, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PaymentPreview } from '@freightdesk/shared/schemas/invoice-views';
import type { TdsRule } from '@freightdesk/shared/tds';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { usePaymentPreview } from './api/record-payment.ts';

/** Why the payment carries the TDS it does, in the words a finance team uses. */
export const TDS_REASON: Record<TdsRule, (p: PaymentPreview) => string> = {
  below_threshold: () => 'No TDS: this payment is at most ₹30,000 and the year’s payments to the carrier at most ₹1,00,000.',
  declaration: () => 'No TDS: the carrier declared ten or fewer goods carriages for the year, with its PAN (194C(6)).',
  certificate: (p) => `TDS at the carrier’s lower-deduction certificate rate (${p.ratePct}%) on ${inr(p.deductedOnPaise)}.`,
  no_pan: (p) => `TDS at 20% on ${inr(p.deductedOnPaise)}: the carrier has given no PAN.`,
  individual: (p) => `TDS at 1% (individual or HUF) on ${inr(p.deductedOnPaise)}.`,
  other: (p) => `TDS at 2% on ${inr(p.deductedOnPaise)}.`,
};

/**
 * What a payment of `amountRupees` on `paidOn` deducts and what goes to the bank, asked of the API
 * as the amount and day are typed (half a second after the last key): the same rule the record uses.
 */
export function PaymentTds({ invoiceId, amountRupees, paidOn }: { invoiceId: number; amountRupees: number; paidOn: string }) {
  const [debounced] = useDebouncedValue({ amountRupees, paidOn }, 500);
  const valid = debounced.amountRupees > 0 && /^\d{4}-\d{2}-\d{2}$/.test(debounced.paidOn);
  const preview = usePaymentPreview(invoiceId, debounced.amountRupees, debounced.paidOn, valid);
  if (!valid || preview.isError) {
    return null;
  }
  if (!preview.data) {
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        Working out the TDS…
      </Text>
    );
  }
  const p = preview.data;
  return (
    <Alert variant="light" color="gray" title={`To the carrier’s bank: ${inr(p.netPaise)}`} aria-live="polite">
      <Text size="sm">{TDS_REASON[p.rule](p)}</Text>
      {p.tdsPaise > 0 ? <Text size="sm">TDS deducted: {inr(p.tdsPaise)}, to deposit with the government.</Text> : null}
    </Alert>
  );
}
