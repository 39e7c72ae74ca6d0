import { Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CreditNoteView } from '@freightdesk/shared/schemas/notes';
import { formatDate } from '../../lib/format.ts';
import { inr } from './invoice-format.ts';
import { InvoicePdfButton } from './invoice-pdf-button.tsx';

const ORIGIN: Record<CreditNoteView['origin'], string> = {
  adjustment: 'The shipper’s adjustment',
  dispute: 'The carrier’s answer to a dispute',
};

/**
 * Credit and debit notes against an invoice (issue 33): each with its own number and date, why it
 * was made, and what it takes off (or adds to) the invoice; what is payable is the invoice less these.
 */
export function InvoiceNotes({
  notes,
  side,
  invoice,
}: {
  notes: CreditNoteView[];
  side: 'shipper' | 'carrier';
  invoice: { id: number; number: string };
}) {
  if (notes.length === 0) {
    return null;
  }
  return (
    <Stack gap="xs" component="section" aria-label="Credit and debit notes">
      <Title order={4}>Credit and debit notes</Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Notes against the invoice">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Note</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Why</Table.Th>
              <Table.Th>Taxable value</Table.Th>
              <Table.Th>GST</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>
                <VisuallyHidden>Download</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notes.map((n) => (
              <Table.Tr key={n.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {n.kind === 'credit' ? 'Credit note' : 'Debit note'} {n.number}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(n.noteDate)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{ORIGIN[n.origin]}</Text>
                  <Text size="sm" c="dimmed">
                    {n.reason}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${n.kind === 'credit' ? '−' : '+'}${inr(n.taxablePaise)}`}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{inr(n.taxPaise)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${n.kind === 'credit' ? '−' : '+'}${inr(n.totalPaise)}`}</Table.Td>
                <Table.Td>
                  <InvoicePdfButton side={side} invoice={invoice} note={n} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
