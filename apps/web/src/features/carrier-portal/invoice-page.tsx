import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { InvoiceStatusBadge } from '../../components/invoices/invoice-badges.tsx';
import { InvoiceHistory } from '../../components/invoices/invoice-history.tsx';
import { InvoiceLinesTable } from '../../components/invoices/invoice-lines-table.tsx';
import { InvoicePayments } from '../../components/invoices/invoice-payments.tsx';
import { InvoicePdfButton } from '../../components/invoices/invoice-pdf-button.tsx';
import { InvoiceFacts, InvoiceTotals } from '../../components/invoices/invoice-summary-card.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { carrierInvoiceQuery } from './invoice-queries.ts';

/**
 * `/carrier/invoices/:id`: the carrier's invoice as the shipper sees it: the GST and totals, each
 * line with the audit's finding and the shipper's decision, earlier versions and payments. A
 * disputed invoice can be revised; Download PDF gives the tax invoice as a file.
 */
export function CarrierInvoicePage() {
  const id = Number(useParams().id);
  const query = useQuery(carrierInvoiceQuery(id));
  const invoice = query.data;
  if (!invoice) {
    return <PageQueryState title="Invoice" query={query} loading="Loading the invoice" failed="The invoice could not be loaded." />;
  }
  return (
    <Page
      title={`Invoice ${invoice.number}`}
      actions={
        <>
          <InvoiceStatusBadge status={invoice.status} />
          <InvoicePdfButton side="carrier" invoice={invoice} />
          {invoice.can.revise && (
            <Button component={Link} to={`/carrier/invoices/${invoice.id}/revise`} leftSection={<IconEdit size={16} />}>
              Revise
            </Button>
          )}
        </>
      }
    >
      <Stack>
        {invoice.status === 'disputed' && (
          <Alert color="red" title="The shipper disputed lines of this invoice">
            Read the reasons beside the disputed lines, then revise the invoice: the revision is audited and reviewed again.
          </Alert>
        )}
        <InvoiceFacts invoice={invoice} />
        <InvoiceTotals invoice={invoice} />
        <Paper withBorder p="md" component="section" aria-label="Lines">
          <Title order={4} mb="xs">
            Lines and audit
          </Title>
          <InvoiceLinesTable lines={invoice.lines} caption="Invoice lines" />
        </Paper>
        <InvoiceHistory history={invoice.history} />
        <InvoicePayments payments={invoice.payments} />
      </Stack>
    </Page>
  );
}
