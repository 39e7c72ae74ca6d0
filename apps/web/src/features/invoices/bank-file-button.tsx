import { Button } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

/**
 * Downloads the bank bulk-payment file (CSV) of what is due on approved invoices — of the plant and
 * carrier picked on the page — to upload to the bank. A carrier without a bank account, or nothing
 * due, is said in a message rather than an empty file.
 */
export function BankFileButton({ plantId, carrierLinkId }: { plantId?: string; carrierLinkId?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile('/invoices/bank-file', { plantId, carrierLinkId }, 'bank-payments.csv');
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'The bank file could not be downloaded.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconBuildingBank size={16} />} loading={busy} onClick={download} ml="auto">
      Bank payment file
    </Button>
  );
}
