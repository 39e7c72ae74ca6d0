import { Anchor, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { INVOICE_STATUS_LABEL, INVOICE_STATUSES } from '@freightdesk/shared/schemas/invoice';
import type { InvoiceRow } from '@freightdesk/shared/schemas/invoice-views';
import { InvoiceStatusBadge } from './invoice-badges.tsx';
import { inr, inrOrDash } from './invoice-format.ts';
import { plural } from '@freightdesk/shared/words';
import { formatDate } from '../../lib/format.ts';

/** The status filter of both invoice lists. */
export const INVOICE_STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABEL[s] }));

/**
 * Columns of an invoice list: number (a link to the invoice), the counterpart and plant, date,
 * status, billed, approved, paid and due (red when overdue).
 */
export function invoiceColumns(opts: {
  linkTo: (row: InvoiceRow) => string;
  counterpart: 'shipper' | 'carrier';
}): ColumnDef<InvoiceRow, unknown>[] {
  return [
    {
      id: 'number',
      header: 'Invoice',
      cell: ({ row }) => (
        <Anchor component={Link} to={opts.linkTo(row.original)} style={{ whiteSpace: 'nowrap' }}>
          {row.original.number}
        </Anchor>
      ),
    },
    {
      id: 'party',
      header: opts.counterpart === 'shipper' ? 'Shipper / plant' : 'Carrier / plant',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm">{opts.counterpart === 'shipper' ? row.original.shipperName : row.original.carrierName}</Text>
          <Text size="xs" c="dimmed">
            {row.original.plantName} · {plural(row.original.orderCount, 'order')}
          </Text>
        </Stack>
      ),
    },
    { id: 'invoiceDate', header: 'Date', cell: ({ row }) => formatDate(row.original.invoiceDate) },
    { id: 'status', header: 'Status', cell: ({ row }) => <InvoiceStatusBadge status={row.original.status} /> },
    { id: 'total', header: 'Billed', cell: ({ row }) => inr(row.original.totalPaise) },
    { id: 'approved', header: 'Approved', cell: ({ row }) => inrOrDash(row.original.approvedPaise) },
    { id: 'paid', header: 'Paid', cell: ({ row }) => inr(row.original.paidPaise) },
    {
      id: 'dueDate',
      header: 'Due',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" c={row.original.overdue ? 'red' : undefined}>
            {inr(row.original.duePaise)}
          </Text>
          <Text size="xs" c={row.original.overdue ? 'red' : 'dimmed'}>
            {row.original.dueDate ? `${row.original.overdue ? 'Overdue since' : 'by'} ${formatDate(row.original.dueDate)}` : '—'}
          </Text>
        </Stack>
      ),
    },
  ];
}
