import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { INVOICE_STATUS_OPTIONS, invoiceColumns } from '../../domain/invoices/invoice-columns.tsx';
import { PaymentSummaryTable } from '../../domain/invoices/payment-summary-table.tsx';
import { Page } from '../../components/layout/page.tsx';
import { InvoiceCard } from './invoice-card.tsx';
import { useCarrierInvoiceSummary, useCarrierInvoices } from './api/carrier-invoices.ts';

const SORTABLE = ['number', 'invoiceDate', 'total', 'dueDate'] as const;
const columns = invoiceColumns({ linkTo: (r) => `/carrier/invoices/${r.id}`, counterpart: 'shipper' });

/**
 * `/carrier/invoices`: what each shipper owes the carrier (billed, approved, disputed, paid, due,
 * overdue, ageing) and its invoices below, by status and number; a shipper's row narrows the list to it.
 */
export function CarrierInvoicesPage() {
  const params = useListParams(['status', 'industryId']);
  const summary = useCarrierInvoiceSummary();
  const listQuery = useCarrierInvoices(params.query);
  const { data } = listQuery;
  const shipperId = Number(params.list.filters.industryId) || null;
  const shipper = summary.data?.rows.find((r) => r.industryId === shipperId);
  return (
    <Page
      title="Invoices"
      actions={
        <Button component={Link} to="/carrier/invoices/new" leftSection={<IconPlus size={16} />}>
          New invoice
        </Button>
      }
    >
      <Stack>
        <section aria-label="Payment summary by shipper">
          <Title order={4} mb="xs">
            By shipper
          </Title>
          <PaymentSummaryTable
            query={summary}
            counterpart="Shipper"
            keyOf={(r) => r.industryId}
            selected={shipperId}
            onSelect={(r) => params.update({ industryId: r.industryId === shipperId ? undefined : r.industryId })}
          />
        </section>
        <section aria-label="Invoice list">
          <Title order={4} mb="xs">
            {shipperId ? `Invoices to ${shipper?.name ?? 'the shipper'}` : 'All invoices'}
          </Title>
          {shipperId && (
            <Text size="sm" c="dimmed" mb="xs">
              Click the shipper again, or clear the filters, to see every invoice.
            </Text>
          )}
          <ListToolbar
            params={params}
            searchLabel="Invoice number"
            filters={[{ key: 'status', label: 'Status', options: INVOICE_STATUS_OPTIONS }]}
          />
          <DataTable
            caption="Invoices"
            columns={columns}
            data={data?.data ?? []}
            total={data?.total ?? 0}
            totalCapped={data?.totalCapped}
            query={listQuery}
            getRowId={(r) => r.id}
            sortable={SORTABLE}
            renderCard={(r) => <InvoiceCard invoice={r} />}
            {...params.table}
          />
        </section>
      </Stack>
    </Page>
  );
}
