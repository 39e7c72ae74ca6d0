import { Group, Stack, Switch, Text, Title } from '@mantine/core';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { INVOICE_STATUS_OPTIONS, invoiceColumns } from '../../domain/invoices/invoice-columns.tsx';
import { PaymentSummaryTable } from '../../domain/invoices/payment-summary-table.tsx';
import { Page } from '../../components/layout/page.tsx';
import { BankFileButton } from './bank-file-button.tsx';
import { BooksDownloads } from './books-period.tsx';
import { BooksSettingsButton } from './books-settings-dialog.tsx';
import { Gstr3bSection } from './gstr3b-section.tsx';
import { useInvoices } from './api/get-invoices.ts';
import { usePaymentSummary } from './api/get-payment-summary.ts';

const SORTABLE = ['number', 'invoiceDate', 'total', 'dueDate'] as const;
const columns = invoiceColumns({ linkTo: (r) => `/payment-summary/invoice/${r.id}`, counterpart: 'carrier' });

/** The summary's title, its downloads (bank file; TDS register, Tally file and ledger CSV of a period), the settings and the plant. */
function SummaryHeader({
  plantId,
  carrierLinkId,
  onPlant,
}: {
  plantId?: string;
  carrierLinkId?: string;
  onPlant: (v: string | undefined) => void;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="xs">
      <Title order={4}>Payment summary</Title>
      <Group gap="xs" ml="auto" align="flex-end" wrap="wrap">
        <BankFileButton plantId={plantId} carrierLinkId={carrierLinkId} />
        <BooksSettingsButton />
        <BooksDownloads />
      </Group>
      <ServerSelect
        source="plants"
        label="Plant"
        placeholder="All plants"
        clearable
        emptyHint={false}
        value={plantId ?? null}
        onChange={(v) => onPlant(v ?? undefined)}
        miw={220}
      />
    </Group>
  );
}

/**
 * `/payment-summary`: what the shipper owes each carrier (billed, approved, disputed, paid, due,
 * overdue and ageing, with totals), for one plant or all; a carrier's row narrows the invoice list
 * below to it. The list filters by status and overdue, searches by number and pages on the server.
 */
export function PaymentSummaryPage() {
  const params = useListParams(['status', 'carrierLinkId', 'plantId', 'overdue']);
  const { plantId, carrierLinkId, overdue } = params.list.filters;
  const summary = usePaymentSummary({ plantId });
  const listQuery = useInvoices(params.query);
  const carrier = Number(carrierLinkId) || null;
  const carrierName = summary.data?.rows.find((r) => r.carrierLinkId === carrier)?.name;
  return (
    <Page title="Invoices">
      <Stack>
        <section aria-label="Payment summary by carrier">
          <SummaryHeader plantId={plantId} carrierLinkId={carrierLinkId} onPlant={(v) => params.update({ plantId: v })} />
          <PaymentSummaryTable
            query={summary}
            counterpart="Carrier"
            keyOf={(r) => r.carrierLinkId}
            selected={carrier}
            onSelect={(r) => params.update({ carrierLinkId: r.carrierLinkId === carrier ? undefined : r.carrierLinkId })}
          />
        </section>
        <section aria-label="Invoice list">
          <Title order={4} mb="xs">
            {carrier ? `Invoices of ${carrierName ?? 'the carrier'}` : 'All invoices'}
          </Title>
          {carrier && (
            <Text size="sm" c="dimmed" mb="xs">
              Click the carrier again, or clear the filters, to see every carrier's invoices.
            </Text>
          )}
          <ListToolbar
            params={params}
            searchLabel="Invoice number"
            filters={[{ key: 'status', label: 'Status', options: INVOICE_STATUS_OPTIONS }]}
          >
            <Switch
              label="Overdue only"
              checked={overdue === '1'}
              onChange={(e) => params.update({ overdue: e.currentTarget.checked ? '1' : undefined })}
              mb={8}
            />
          </ListToolbar>
          <DataTable
            caption="Invoices"
            columns={columns}
            data={listQuery.data?.data ?? []}
            total={listQuery.data?.total ?? 0}
            totalCapped={listQuery.data?.totalCapped}
            query={listQuery}
            getRowId={(r) => r.id}
            sortable={SORTABLE}
            {...params.table}
          />
        </section>
        <Gstr3bSection />
      </Stack>
    </Page>
  );
}
