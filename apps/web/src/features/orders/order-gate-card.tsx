import { Badge, Table, Text, Title } from '@mantine/core';
import { GATE_DOCUMENT_LABEL, type GateDocument, type GateEvent } from '@freightdesk/shared/schemas/execution';
import { formatDateTime } from '../../lib/format.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

const KIND_LABEL: Record<GateEvent['kind'], string> = { gate_in: 'Gate in', loaded: 'Loaded', unloaded: 'Unloaded', gate_out: 'Gate out' };
const kg = (v: number | null) => (v === null ? null : `${indianNumber(v)} kg`);

/** What the record says beyond its time: the vehicle seen, the weighbridge, the seal and papers. */
function details(g: GateEvent): string[] {
  const parts: string[] = [];
  if (g.vehicleNumberSeen) {
    parts.push(`Vehicle ${g.vehicleNumberSeen}`);
  }
  if (g.overrideReason) {
    parts.push(`Override: ${g.overrideReason}`);
  }
  if (g.driverChecked !== null) {
    parts.push(g.driverChecked ? 'Driver checked' : 'Driver not checked');
  }
  if (g.netKg !== null) {
    parts.push(`Gross ${kg(g.grossKg)}, tare ${kg(g.tareKg)}, net ${kg(g.netKg)}`);
  }
  for (const [label, value] of [
    ['Seal', g.sealNumber],
    ['Invoice', g.invoiceNumber],
    ['LR', g.lrNumber],
  ] as const) {
    if (value) {
      parts.push(`${label} ${value}`);
    }
  }
  if (g.documentsPresent?.length) {
    parts.push(`Papers: ${g.documentsPresent.map((d) => GATE_DOCUMENT_LABEL[d as GateDocument] ?? d).join(', ')}`);
  }
  if (g.remarks) {
    parts.push(g.remarks);
  }
  return parts;
}

/** The gate's records on the order: gate in, loaded / unloaded (weights, seal), gate out (papers). */
export function OrderGateCard({ events }: { events: GateEvent[] }) {
  return (
    <>
      <Title order={4} mb="xs">
        Gate
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed" mb="lg">
          The vehicle has not been through the gate yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} mb="lg">
          <Table striped aria-label="Gate records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((g) => (
                <Table.Tr key={`${g.kind}-${g.at}`}>
                  <Table.Td>
                    {KIND_LABEL[g.kind]}{' '}
                    {g.vehicleMismatch && (
                      <Badge color="orange" size="sm">
                        Vehicle mismatch
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(g.at)}</Table.Td>
                  <Table.Td>{g.byName ?? '—'}</Table.Td>
                  <Table.Td>{details(g).join(' · ') || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
