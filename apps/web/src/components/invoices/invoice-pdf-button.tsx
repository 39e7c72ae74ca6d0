import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';

/**
 * Downloads the tax invoice as a PDF the server renders (`GET /api/invoices/:id/pdf`, or the
 * carrier's `/api/carrier/invoices/:id/pdf`), named after the invoice number: a file to mail or
 * attach to an ERP, where Print only gives paper.
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
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const base = side === 'shipper' ? `/invoices/${invoice.id}` : `/carrier/invoices/${invoice.id}`;
      await downloadFile(
        note ? `${base}/notes/${note.id}/pdf` : `${base}/pdf`,
        {},
        note ? `note-${note.id}.pdf` : `invoice-${invoice.id}.pdf`,
      );
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'The invoice PDF could not be downloaded.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size={note ? 'xs' : 'sm'}
      leftSection={<IconFileTypePdf size={16} />}
      loading={busy}
      onClick={download}
      aria-label={note ? `Download ${note.number} as PDF` : undefined}
    >
      {note ? 'PDF' : 'Download PDF'}
    </Button>
  );
}
