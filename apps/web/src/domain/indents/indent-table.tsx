import { Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { INDENT_STATUS_LABEL, type IndentStatus, type IndentSummary } from '@freightdesk/shared/schemas/indent';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { formatDateTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import type { QueryLike } from '../../components/feedback/query-view.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';
import type { UseListParams } from '../../components/data-table/use-list-params.ts';

const COLORS: Record<IndentStatus, string> = { open: 'blue', fulfilled: 'teal', spot: 'orange', cancelled: 'gray' };

export function IndentStatusBadge({ status }: { status: IndentStatus }) {
  return <Badge color={COLORS[status]}>{INDENT_STATUS_LABEL[status]}</Badge>;
}

/** "3 / 5 accepted, 2 spot": what the carriers took of what was asked, and what went to spot. */
export function VehiclesText({ indent }: { indent: Pick<IndentSummary, 'vehicles' | 'acceptedVehicles' | 'spotVehicles'> }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {indent.acceptedVehicles} / {indent.vehicles} accepted
      {indent.spotVehicles > 0 && <Text span c="orange" fw={600}>{`, ${indent.spotVehicles} spot`}</Text>}
    </span>
  );
}

/** The carrier being asked now and until when it may answer; "—" when nobody is asked. */
function AskedNow({ indent }: { indent: IndentSummary }) {
  if (!indent.currentCarrierName) {
    return <Text c="dimmed">—</Text>;
  }
  return (
    <div>
      <Text size="sm">{indent.currentCarrierName}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        answer by {formatDateTime(indent.answerBy)}
      </Text>
    </div>
  );
}

function indentColumns(): ColumnDef<IndentSummary, unknown>[] {
  const canOpen = hasPermission('detail-indent');
  return [
    {
      id: 'number',
      header: 'Number',
      cell: ({ row }) => (canOpen ? <Link to={`/indent/detail/${row.original.id}`}>{row.original.number}</Link> : row.original.number),
    },
    {
      id: 'lane',
      header: 'Lane',
      cell: ({ row }) => (
        <div>
          <Text size="sm">{row.original.laneLabel}</Text>
          <Text size="xs" c="dimmed">
            {row.original.vehicleTypeName}
          </Text>
        </div>
      ),
    },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    { id: 'vehicles', header: 'Vehicles', cell: ({ row }) => <VehiclesText indent={row.original} /> },
    { id: 'reportingAt', header: 'Reporting', cell: ({ row }) => formatDateTime(row.original.reportingAt) },
    { id: 'status', header: 'Status', cell: ({ row }) => <IndentStatusBadge status={row.original.status} /> },
    { id: 'askedNow', header: 'Asked now', cell: ({ row }) => <AskedNow indent={row.original} /> },
  ];
}

/**
 * A page of indents from `GET /api/indents` (the indent list, a contract's Indents tab): number,
 * lane, plant, vehicles, reporting time, status and the carrier asked now; pages from the server.
 */
export function IndentTable({
  query,
  params,
  caption = 'Indents',
}: {
  /** The list's query (`indentsQuery`). */
  query: QueryLike & { data?: ListResponse<IndentSummary> };
  params: UseListParams;
  caption?: string;
}) {
  return (
    <DataTable
      caption={caption}
      columns={indentColumns()}
      data={query.data?.data ?? []}
      total={query.data?.total ?? 0}
      query={query}
      getRowId={(r) => r.id}
      {...params.table}
    />
  );
}
