import { PdfButton } from '../documents/pdf-button.tsx';

/**
 * Downloads the tax invoice as a PDF the server renders (`GET /api/invoices/:id/pdf`, or the
 * carrier's `/api/carrier/invoices/:id/pdf`), or one of its credit or debit notes, named after its number.
 */
export function InvoicePdfButton({
  side,
  invoice,
  note,
}: {
  side: 'shipper' | 'carrier';
  invoice: { id: number; number: string };
  /** A credit or debit note of the invoice instead of the invoice itself. */
  note?: { id: number; number: string };
}) {
  const base = side === 'shipper' ? `/invoices/${invoice.id}` : `/carrier/invoices/${invoice.id}`;
  return note ? (
    <PdfButton
      path={`${base}/notes/${note.id}/pdf`}
      fallbackName={`note-${note.id}.pdf`}
      failed="The note's PDF could not be downloaded."
      label="PDF"
      ariaLabel={`Download ${note.number} as PDF`}
      size="xs"
    />
  ) : (
    <PdfButton path={`${base}/pdf`} fallbackName={`invoice-${invoice.id}.pdf`} failed="The invoice PDF could not be downloaded." />
  );
}
