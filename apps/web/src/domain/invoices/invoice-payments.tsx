import { Stack, Table, Text, Title } from '@mantine/core';
import type { InvoicePaymentView } from '@freightdesk/shared/schemas/invoice-views';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { inr } from './invoice-format.ts';

/** Payments made on an invoice: when, how much it settled, the TDS deducted from it, what reached the bank, the bank's UTR. */
export function InvoicePayments({ payments }: { payments: InvoicePaymentView[] }) {
  return (
    <Stack gap="xs" component="section" aria-label="Payments">
      <Title order={4}>Payments</Title>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Payments made">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Paid on</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>TDS</Table.Th>
                <Table.Th>To the bank</Table.Th>
                <Table.Th>UTR / reference</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>Recorded</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.paidOn)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{inr(p.amountPaise)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.tdsPaise > 0 ? `${inr(p.tdsPaise)} (${p.tdsRatePct}%)` : '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{inr(p.netPaise)}</Table.Td>
                  <Table.Td>{p.reference}</Table.Td>
                  <Table.Td>{p.note ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(p.recordedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
