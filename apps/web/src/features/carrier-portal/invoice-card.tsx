import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InvoiceRow } from '@freightdesk/shared/schemas/invoice-views';
import { plural } from '@freightdesk/shared/words';
import { RowCard, TOUCH } from '../../components/cards/row-card.tsx';
import { InvoiceStatusBadge } from '../../domain/invoices/invoice-badges.tsx';
import { inr, inrOrDash } from '../../domain/invoices/invoice-format.ts';
import { formatDate } from '../../lib/format.ts';

/** What is due and by when (red when overdue). */
function Due({ invoice: r }: { invoice: InvoiceRow }) {
  return (
    <>
      <Text size="sm" c={r.overdue ? 'red' : undefined}>
        {inr(r.duePaise)}
      </Text>
      <Text size="xs" c={r.overdue ? 'red' : 'dimmed'}>
        {r.dueDate ? `${r.overdue ? 'Overdue since' : 'by'} ${formatDate(r.dueDate)}` : '—'}
      </Text>
    </>
  );
}

/**
 * One of the carrier's invoices as a card below 768 px: number and status, the shipper and plant,
 * the date, billed, approved, paid and due, and the invoice opened by a full-width button.
 */
export function InvoiceCard({ invoice: r }: { invoice: InvoiceRow }) {
  return (
    <RowCard
      name={`Invoice ${r.number}`}
      data={{ 'data-invoice-number': r.number }}
      title={
        <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {r.number}
        </Text>
      }
      badges={<InvoiceStatusBadge status={r.status} />}
      facts={[
        { label: 'Shipper / plant', wide: true, value: `${r.shipperName} · ${r.plantName} · ${plural(r.orderCount, 'order')}` },
        { label: 'Date', value: formatDate(r.invoiceDate) },
        { label: 'Billed', value: inr(r.totalPaise) },
        { label: 'Approved', value: inrOrDash(r.approvedPaise) },
        { label: 'Paid', value: inr(r.paidPaise) },
        { label: 'Due', value: <Due invoice={r} />, wide: true },
      ]}
    >
      <Button component={Link} to={`/carrier/invoices/${r.id}`} h={TOUCH} fullWidth variant="light" aria-label={`Open invoice ${r.number}`}>
        Open invoice
      </Button>
    </RowCard>
  );
}
