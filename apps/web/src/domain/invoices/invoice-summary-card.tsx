import { Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { GST_SCHEME_LABEL } from '@freightdesk/shared/schemas/invoice';
import type { GstBreakup } from '@freightdesk/shared/schemas/invoice-views';
import { gstParts } from '@freightdesk/shared/tax-invoice';
import { formatDate } from '../../lib/format.ts';
import { gstTotal, inr, inrOrDash, type InvoiceAnswer } from './invoice-format.ts';

/** A labelled fact of a detail page. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** Who bills whom, for which plant and when: the head of an invoice's page. */
export function InvoiceFacts({ invoice }: { invoice: InvoiceAnswer }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      <Fact label="Invoice number">{invoice.number}</Fact>
      <Fact label="Invoice date">{invoice.invoiceDate}</Fact>
      <Fact label="Shipper">{invoice.shipperName}</Fact>
      <Fact label="Carrier">{invoice.carrierName}</Fact>
      <Fact label="Plant">{invoice.plantName}</Fact>
      <Fact label="Orders">{invoice.orderCount}</Fact>
      <Fact label="Version">
        {invoice.version} (submitted {formatDate(invoice.submittedAt)})
      </Fact>
      <Fact label="Due date">
        {invoice.dueDate ?? '—'}
        {invoice.overdue && (
          <Text span c="red" fw={600}>
            {' '}
            overdue
          </Text>
        )}
      </Fact>
    </SimpleGrid>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Taxable value, the GST parts and what the shipper pays the carrier; under reverse charge the GST is the shipper's to pay. */
function GstBlock({ title, taxablePaise, gst, totalPaise }: { title: string; taxablePaise: number; gst: GstBreakup; totalPaise: number }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      <Row label="Taxable value" value={inr(taxablePaise)} />
      {gstParts(gst).map((p) => (
        <Row key={p.label} label={p.label} value={inr(p.paise)} />
      ))}
      <Divider />
      <Row label="Payable to the carrier" value={inr(totalPaise)} strong />
      {gst.reverseCharge && (
        <Text size="xs" c="dimmed">
          Reverse charge: the shipper pays the GST of {inr(gstTotal(gst))} to the government; the carrier is paid the taxable value.
        </Text>
      )}
    </Stack>
  );
}

/** The GST breakup and totals, billed and (once decided) approved, with the amount in words. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceAnswer }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="GST and totals">
      <Stack gap="sm">
        <Title order={4}>GST and totals</Title>
        <Text size="sm" c="dimmed">
          {`${GST_SCHEME_LABEL[invoice.gst.scheme]} at ${invoice.gst.ratePct}%. Supplier GSTIN ${invoice.gst.supplierGstin ?? 'not registered'}; recipient GSTIN ${invoice.gst.recipientGstin}.`}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <GstBlock title="As billed" taxablePaise={invoice.taxablePaise} gst={invoice.gst} totalPaise={invoice.totalPaise} />
          {invoice.approvedGst && invoice.approvedTaxablePaise !== null && (
            <GstBlock
              title="As approved"
              taxablePaise={invoice.approvedTaxablePaise}
              gst={invoice.approvedGst}
              totalPaise={invoice.approvedPaise ?? 0}
            />
          )}
        </SimpleGrid>
        <Text size="sm" fw={600}>
          {invoice.totalInWords}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Approved">{inrOrDash(invoice.approvedPaise)}</Fact>
          <Fact label="Paid">{inr(invoice.paidPaise)}</Fact>
          <Fact label="Due">{inr(invoice.duePaise)}</Fact>
          <Fact label="Credit terms">
            {invoice.approvedPaise === null ? '—' : `${invoice.advancePercent}% advance, ${invoice.creditDays} days credit`}
          </Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
