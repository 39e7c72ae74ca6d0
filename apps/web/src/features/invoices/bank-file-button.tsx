import { Button } from '@mantine/core';
import { IconBuildingBank, IconFileExport, IconReceiptTax, IconTable } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { financialYear } from '@freightdesk/shared/money';
import { toast } from '../../components/feedback/feedback.tsx';
import { todayInIndia } from '../../components/form/date-time.ts';
import { ApiError } from '../../lib/api.ts';
import { downloadBooksFile } from './api/books-settings.ts';

type Download = { path: string; query: Record<string, string | undefined>; fileName: string; label: string; icon: ReactNode; what: string };

/** A CSV the API makes, downloaded; a refusal (nothing due, a carrier without an account) is said in a message rather than an empty file. */
function DownloadButton({ path, query, fileName, label, icon, what }: Download) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadBooksFile(path, query, fileName);
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

/** A period of the books: two India days (`YYYY-MM-DD`). */
export type BooksPeriod = { from: string; to: string };

/** This financial year so far (India): the period the Tally file, the TDS register and the ledger CSV start with. */
export function yearSoFar(): BooksPeriod {
  const to = todayInIndia();
  return { from: financialYear(new Date(`${to}T12:00:00+05:30`)).from, to };
}

/** Downloads the TallyPrime import file (XML) of the period's invoices, notes, TDS and payments. */
export function TallyButton({ period: { from, to } }: { period: BooksPeriod }) {
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

/** Downloads the same vouchers as the Tally file as a CSV, one row per posting, in the shipper's ledger columns. */
export function LedgerButton({ period: { from, to } }: { period: BooksPeriod }) {
  const icon = <IconTable size={16} />;
  return (
    <DownloadButton
      path="/invoices/ledger"
      query={{ from, to }}
      fileName={`ledger-${from}-to-${to}.csv`}
      label="Ledger CSV"
      icon={icon}
      what="ledger CSV"
    />
  );
}

/** Downloads the TDS register of the period (CSV, one row per payment, for the 26Q return). */
export function TdsRegisterButton({ period: { from, to } }: { period: BooksPeriod }) {
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
