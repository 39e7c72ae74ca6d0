import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { InvoiceStatusBadge } from '../../domain/invoices/invoice-badges.tsx';
import { InvoiceHistory } from '../../domain/invoices/invoice-history.tsx';
import { InvoiceNotes } from '../../domain/invoices/invoice-notes.tsx';
import { InvoiceLinesTable } from '../../domain/invoices/invoice-lines-table.tsx';
import { InvoicePayments } from '../../domain/invoices/invoice-payments.tsx';
import { InvoicePdfButton } from '../../domain/invoices/invoice-pdf-button.tsx';
import { InvoiceFacts, InvoiceTotals } from '../../domain/invoices/invoice-summary-card.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useCarrierInvoice } from './api/carrier-invoices.ts';

/**
 * `/carrier/invoices/:id`: the carrier's invoice as the shipper sees it: the GST and totals, each
 * line with the audit's finding and the shipper's decision, its credit notes, earlier versions and
 * payments. A disputed invoice is answered with a credit note; Download PDF gives the tax invoice.
 */
export function CarrierInvoicePage() {
  const id = Number(useParams().id);
  const query = useCarrierInvoice(id);
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
          {invoice.can.answer && (
            <Button component={Link} to={`/carrier/invoices/${invoice.id}/credit-note`} leftSection={<IconReceiptRefund size={16} />}>
              Answer dispute
            </Button>
          )}
        </>
      }
    >
      <Stack>
        {invoice.status === 'disputed' && (
          <Alert color="red" title="The shipper disputed lines of this invoice">
            Read the reasons beside the disputed lines, then answer: a credit note for what the invoice bills too much, or why the bill
            stands. The invoice itself stays as issued.
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
        <InvoiceNotes notes={invoice.notes} side="carrier" invoice={invoice} />
        <InvoiceHistory history={invoice.history} />
        <InvoicePayments payments={invoice.payments} />
      </Stack>
    </Page>
  );
}
