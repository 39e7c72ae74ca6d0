import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';

/**
 * Downloads the platform's tax invoice for a plan payment (issue 33): the shipper's
 * `/api/plan/payments/:id/invoice.pdf` or the admin's `/api/admin/payments/:id/invoice.pdf`.
 */
export function PlanInvoiceButton({ side, paymentId, number }: { side: 'shipper' | 'admin'; paymentId: number; number: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const path = side === 'shipper' ? `/plan/payments/${paymentId}/invoice.pdf` : `/admin/payments/${paymentId}/invoice.pdf`;
      await downloadFile(path, {}, `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'The tax invoice could not be downloaded.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileTypePdf size={16} />}
      loading={busy}
      onClick={download}
      aria-label={`Download tax invoice ${number} as PDF`}
    >
      {number}
    </Button>
  );
}
