import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconCash, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { InvoiceStatusBadge } from '../../domain/invoices/invoice-badges.tsx';
import { InvoiceHistory } from '../../domain/invoices/invoice-history.tsx';
import { InvoiceNotes } from '../../domain/invoices/invoice-notes.tsx';
import { InvoiceLinesTable } from '../../domain/invoices/invoice-lines-table.tsx';
import { InvoicePayments } from '../../domain/invoices/invoice-payments.tsx';
import { InvoicePdfButton } from '../../domain/invoices/invoice-pdf-button.tsx';
import { InvoiceFacts, InvoiceTotals } from '../../domain/invoices/invoice-summary-card.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useInvoice } from './api/get-invoice.ts';
import { InvoicePrint } from './invoice-print.tsx';
import { InvoiceReview } from './invoice-review.tsx';
import { PaymentDialog } from './payment-dialog.tsx';

/**
 * `/payment-summary/invoice/:id` (where invoice notifications lead): a carrier's invoice with the GST
 * breakup and totals, the audit beside each line and, while submitted, the shipper's decisions; once
 * approved, its payments. Print gives the tax invoice on paper; Download PDF, the same as a file.
 */
export function InvoicePage() {
  const id = Number(useParams().id);
  const query = useInvoice(id);
  const { data: invoice, refetch } = query;
  const [paying, setPaying] = useState(false);
  if (!invoice) {
    return <PageQueryState title="Invoice" query={query} loading="Loading the invoice" failed="The invoice could not be loaded." />;
  }
  return (
    <Page
      title={`Invoice ${invoice.number}`}
      actions={
        <>
          <InvoiceStatusBadge status={invoice.status} />
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print
          </Button>
          <InvoicePdfButton side="shipper" invoice={invoice} />
          {invoice.can.pay && (
            <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
              Record payment
            </Button>
          )}
        </>
      }
    >
      <InvoicePrint invoice={invoice} />
      {paying && <PaymentDialog invoice={invoice} onClose={() => setPaying(false)} />}
      <Stack>
        <InvoiceFacts invoice={invoice} />
        <InvoiceTotals invoice={invoice} />
        {invoice.can.review ? (
          <InvoiceReview invoice={invoice} reload={refetch} />
        ) : (
          <Paper withBorder p="md" component="section" aria-label="Lines">
            <Title order={4} mb="xs">
              Lines and audit
            </Title>
            <InvoiceLinesTable lines={invoice.lines} caption="Invoice lines" />
          </Paper>
        )}
        <InvoiceNotes notes={invoice.notes} side="shipper" invoice={invoice} />
        <InvoiceHistory history={invoice.history} />
        <InvoicePayments payments={invoice.payments} />
      </Stack>
    </Page>
  );
}
