import { List, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { INVOICE_LINE_KIND_LABEL } from '@freightdesk/shared/schemas/invoice';
import type { InvoiceLineView } from '@freightdesk/shared/schemas/invoice-views';
import { AuditBadge } from './invoice-badges.tsx';
import { decisionText, inr, inrOrDash, lineDifference, signedInr } from './invoice-format.ts';

const HEADERS = ['#', 'Order', 'Charge', 'Billed', 'Expected', 'Difference', 'Audit', 'Audit notes', 'Decision'];

/** The shipper's decision as recorded: approved, adjusted (to an amount) or disputed, with the reason. */
export function LineDecision({ line }: { line: InvoiceLineView }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c={line.decision === 'disputed' ? 'red' : line.decision === 'pending' ? 'dimmed' : undefined}>
        {decisionText(line)}
      </Text>
      {line.decisionReason && (
        <Text size="xs" c="dimmed">
          {line.decisionReason}
        </Text>
      )}
    </Stack>
  );
}

/** A text with a smaller one under it (a vehicle under its order, a reason under its charge); nothing below when there is none. */
function Stacked({ main, below, nowrap }: { main: ReactNode; below: ReactNode; nowrap?: boolean }) {
  return (
    <Table.Td style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
      <Text size="sm">{main}</Text>
      {below ? (
        <Text size="xs" c="dimmed">
          {below}
        </Text>
      ) : null}
    </Table.Td>
  );
}

/** The order and vehicle, the charge and its reason, and what was billed (with what credit notes took off). */
function LineCells({ line }: { line: InvoiceLineView }) {
  return (
    <>
      <Stacked main={line.orderNumber} below={line.vehicleNumber ?? '—'} nowrap />
      <Stacked main={INVOICE_LINE_KIND_LABEL[line.kind]} below={line.reason} />
      <Stacked main={inr(line.amountPaise)} below={line.creditedPaise > 0 ? `${inr(line.creditedPaise)} credited` : null} nowrap />
    </>
  );
}

/**
 * An invoice's lines with the audit side by side: what the carrier billed, what the platform's records
 * allow, the difference, the audit's finding and notes, and the shipper's decision. `decide` replaces
 * the decision cell (the shipper's review controls).
 */
export function InvoiceLinesTable({
  lines,
  caption,
  decide,
}: {
  lines: InvoiceLineView[];
  caption: string;
  decide?: (line: InvoiceLineView, index: number) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => {
            const diff = lineDifference(line);
            return (
              <Table.Tr key={line.id}>
                <Table.Td>{i + 1}</Table.Td>
                <LineCells line={line} />
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{inrOrDash(line.expectedPaise)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} c={diff ? 'orange.9' : undefined}>
                  {diff === null ? '—' : signedInr(diff)}
                </Table.Td>
                <Table.Td>
                  <AuditBadge audit={line.audit} />
                </Table.Td>
                <Table.Td miw={180}>
                  {line.auditNotes.length ? (
                    <List size="xs" spacing={0}>
                      {line.auditNotes.map((n) => (
                        <List.Item key={n}>{n}</List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td miw={decide ? 260 : 140}>{decide ? decide(line, i) : <LineDecision line={line} />}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
