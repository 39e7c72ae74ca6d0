import { Button } from '@mantine/core';
import { IconBuildingBank, IconFileExport, IconReceiptTax } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { financialYear } from '@freightdesk/shared/money';
import { toast } from '../../components/feedback/feedback.tsx';
import { todayInIndia } from '../../components/form/date-time.ts';
import { ApiError } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

type Download = { path: string; query: Record<string, string | undefined>; fileName: string; label: string; icon: ReactNode; what: string };

/** A CSV the API makes, downloaded; a refusal (nothing due, a carrier without an account) is said in a message rather than an empty file. */
function DownloadButton({ path, query, fileName, label, icon, what }: Download) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(path, query, fileName);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : `The ${what} could not be downloaded.`, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={icon} loading={busy} onClick={download}>
      {label}
    </Button>
  );
}

/**
 * Downloads the bank bulk-payment file (CSV) of what is due on approved invoices, net of TDS — of
 * the plant and carrier picked on the page — to upload to the bank.
 */
export function BankFileButton({ plantId, carrierLinkId }: { plantId?: string; carrierLinkId?: string }) {
  const icon = <IconBuildingBank size={16} />;
  return (
    <DownloadButton
      path="/invoices/bank-file"
      query={{ plantId, carrierLinkId }}
      fileName="bank-payments.csv"
      label="Bank payment file"
      icon={icon}
      what="bank file"
    />
  );
}

/** This financial year so far (India): the period of the TDS register and the Tally file. */
function yearSoFar() {
  const to = todayInIndia();
  return { from: financialYear(new Date(`${to}T12:00:00+05:30`)).from, to };
}

/** Downloads the TallyPrime import file (XML) of this financial year's invoices, notes, TDS and payments so far. */
export function TallyButton() {
  const { from, to } = yearSoFar();
  const icon = <IconFileExport size={16} />;
  return (
    <DownloadButton
      path="/invoices/tally"
      query={{ from, to }}
      fileName={`tally-vouchers-${from}-to-${to}.xml`}
      label="Tally file"
      icon={icon}
      what="Tally file"
    />
  );
}

/** Downloads the TDS register of this financial year so far (CSV, one row per payment, for the 26Q return). */
export function TdsRegisterButton() {
  const { from, to } = yearSoFar();
  const icon = <IconReceiptTax size={16} />;
  return (
    <DownloadButton
      path="/invoices/tds-register"
      query={{ from, to }}
      fileName={`tds-register-${from}-to-${to}.csv`}
      label="TDS register"
      icon={icon}
      what="TDS register"
    />
  );
}
