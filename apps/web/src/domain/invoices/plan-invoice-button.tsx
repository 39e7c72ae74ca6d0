import { PdfButton } from '../documents/pdf-button.tsx';

/**
 * Downloads the platform's tax invoice for a plan payment (issue 33): the shipper's
 * `/api/plan/payments/:id/invoice.pdf` or the admin's `/api/admin/payments/:id/invoice.pdf`.
 */
export function PlanInvoiceButton({ side, paymentId, number }: { side: 'shipper' | 'admin'; paymentId: number; number: string }) {
  return (
    <PdfButton
      path={side === 'shipper' ? `/plan/payments/${paymentId}/invoice.pdf` : `/admin/payments/${paymentId}/invoice.pdf`}
      fallbackName={`${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`}
      failed="The tax invoice could not be downloaded."
      label={number}
      ariaLabel={`Download tax invoice ${number} as PDF`}
      size="xs"
    />
  );
}
