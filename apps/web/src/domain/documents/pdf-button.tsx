import { Button, type ButtonProps } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../components/feedback/feedback.tsx';

/**
 * Downloads a document's PDF the server renders (an invoice, a note, a consignment note), named as
 * the server names it: a file to mail or attach to an ERP, where Print only gives paper.
 */
export function PdfButton({
  path,
  fallbackName,
  failed,
  label = 'Download PDF',
  ariaLabel,
  size = 'sm',
}: {
  path: string;
  fallbackName: string;
  /** What the toast says when the download fails and the server gave no reason. */
  failed: string;
  label?: string;
  ariaLabel?: string;
  size?: ButtonProps['size'];
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, {}, fallbackName);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : failed, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size={size}
      leftSection={<IconFileTypePdf size={16} />}
      loading={busy}
      onClick={download}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}
