import { Badge, SimpleGrid, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CONTRACT_STATUS_LABEL, type ContractDetail, type ContractStatus } from '@freightdesk/shared/schemas/contract';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { rateChanges } from './contract-figures.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';

const COLORS: Record<ContractStatus, string> = { active: 'teal', expired: 'gray', terminated: 'red' };

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <Badge color={COLORS[status]}>{CONTRACT_STATUS_LABEL[status]}</Badge>;
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value ?? '—'}</Text>
    </div>
  );
}

/** A contract's header facts: shipper side and carrier side read the same. */
export function ContractFacts({ contract: c }: { contract: ContractDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
      <Field label="Carrier" value={c.carrierName} />
      <Field label="Plant" value={c.plantName} />
      <Field label="Valid" value={`${c.validFrom} to ${c.validTo}`} />
      <Field label="From RFQ" value={c.rfqNumber} />
      {c.status === 'terminated' && <Field label="Terminated" value={`${formatDateTime(c.terminatedAt)}: ${c.terminationReason ?? ''}`} />}
    </SimpleGrid>
  );
}

type ContractLane = ContractDetail['laneList'][number];

/** The contract's lanes with share and rate, and every rate each lane has had; `action` adds a button per lane (amend the rate). */
export function ContractLanes({ contract, action }: { contract: ContractDetail; action?: (lane: ContractLane) => ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped>
        <Table.Caption>Lanes and rates</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Lane</Table.Th>
            <Table.Th>Vehicle type</Table.Th>
            <Table.Th>Share</Table.Th>
            <Table.Th>Trips / month (of the lane's)</Table.Th>
            <Table.Th>Rate per trip</Table.Th>
            <Table.Th>Rate history</Table.Th>
            {action && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contract.laneList.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.seq}</Table.Td>
              <Table.Td>{l.label}</Table.Td>
              <Table.Td>{l.vehicleTypeName}</Table.Td>
              <Table.Td>{l.sharePct}%</Table.Td>
              <Table.Td>
                {l.shareTripsPerMonth} of {l.tripsPerMonth}
              </Table.Td>
              <Table.Td>{formatInr(l.rateRupees)}</Table.Td>
              <Table.Td>
                {l.history.map((h) => (
                  <Text key={`${h.at}-${h.rateRupees}`} size="xs">
                    {formatDateTime(h.at)}: {formatInr(h.rateRupees)} ({h.reason})
                  </Text>
                ))}
              </Table.Td>
              {action && <Table.Td>{action(l)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The SLA text the contract carries. */
export function ContractSla({ contract }: { contract: ContractDetail }) {
  return contract.slaText ? (
    <Text style={{ whiteSpace: 'pre-wrap' }}>{contract.slaText}</Text>
  ) : (
    <Text c="dimmed">No SLA on this contract.</Text>
  );
}

/** The History tab: every rate any lane has had (award, later rounds, amendments), newest first. */
export function ContractHistory({ contract }: { contract: ContractDetail }) {
  const changes = rateChanges(contract);
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped>
        <Table.Caption>Rate history</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Lane</Table.Th>
            <Table.Th>Rate per trip</Table.Th>
            <Table.Th>Was</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={`${c.laneId}-${c.at}-${c.rateRupees}`}>
              <Table.Td>{formatDateTime(c.at)}</Table.Td>
              <Table.Td>
                {c.seq}. {c.label}
              </Table.Td>
              <Table.Td>{formatInr(c.rateRupees)}</Table.Td>
              <Table.Td>{c.previous === null ? '—' : formatInr(c.previous)}</Table.Td>
              <Table.Td>{c.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
