import { Stack, Table, Text, Title } from '@mantine/core';
import type { RegisterRecord, VerificationLevel } from '@freightdesk/shared/schemas/verification';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useOrderVerification } from './api/verification-calls.ts';
import { VerificationNote } from './verification-note.tsx';

export const VERIFICATION_HEADLINE: Record<VerificationLevel, string> = {
  green: 'Vehicle and driver documents valid',
  amber: 'Check the documents',
  red: 'Blocked at the gate: documents lapsed',
};
const STATE_WORD = { valid: 'Valid', expiring: 'Ending soon', expired: 'Expired', missing: 'Not in the register' } as const;

function RecordTable({ record }: { record: RegisterRecord }) {
  const title = record.register === 'vehicle' ? `Vehicle ${record.number} (VAHAN)` : `Driving licence ${record.number} (SARATHI)`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
        {record.holderName ? ` · ${record.holderName}` : ''}
      </Text>
      <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Valid to</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {record.documents.map((d) => (
            <Table.Tr key={d.doc}>
              <Table.Td>{d.label}</Table.Td>
              <Table.Td>{d.validTo ? formatDate(d.validTo) : d.state === 'valid' ? 'Lifetime' : '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={d.state === 'valid' ? undefined : 700} c={d.state === 'expired' ? 'red.9' : undefined}>
                  {STATE_WORD[d.state]}
                  {d.effect === 'block' && d.state === 'expired' ? ' · blocks gate in' : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Checked {formatDateTime(record.checkedAt)} ({record.source === 'ulip' ? 'ULIP' : 'built-in simulator'})
        {record.status ? ` · register status ${record.status}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * The order's vehicle and driver documents (issue 37) on the shipper's order page and the carrier's
 * order panel: the verdict, and each document's valid-to date as the registers said.
 */
export function OrderVerificationCard({ path }: { path: string }) {
  const query = useOrderVerification(path);
  const v = query.data;
  return (
    <Stack gap="xs" mb="lg" role="group" aria-label="Vehicle and driver documents">
      <Title order={3} size="h5">
        Vehicle and driver documents
      </Title>
      {query.isError && (
        <Text size="sm" c="red.9">
          The documents could not be loaded.
        </Text>
      )}
      {v && (
        <>
          <VerificationNote verdict={v} headline={VERIFICATION_HEADLINE[v.level]} />
          {v.vehicle && <RecordTable record={v.vehicle} />}
          {v.driver && <RecordTable record={v.driver} />}
        </>
      )}
    </Stack>
  );
}
