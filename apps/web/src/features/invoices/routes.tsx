import type { ReactElement } from 'react';
import { InvoicePage } from './invoice-page.tsx';
import { PaymentSummaryPage } from './payment-summary-page.tsx';

/** The shipper's invoices (issue 12): the payment summary with the invoice list, and one invoice. */
export const invoiceRouteElements: Record<string, ReactElement> = {
  'payment-summary': <PaymentSummaryPage />,
  'payment-summary.invoice': <InvoicePage />,
};
