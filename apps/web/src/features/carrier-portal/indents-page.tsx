import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CarrierIndent } from '@freightdesk/shared/schemas/indent';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { canAnswer, loadText, vehiclesText } from './indent-answer.ts';
import { IndentAnswerDialog } from './indent-answer-dialog.tsx';
import { IndentDeadline } from './indent-deadline.tsx';
import { IndentOrders, IndentTurnBadge } from './indent-parts.tsx';
import { IndentCard } from './indent-card.tsx';
import { ViewSwitch } from '../../components/cards/view-switch.tsx';
import { useCarrierIndents } from './api/carrier-indents.ts';

type View = 'pending' | 'all';

type Column = ColumnDef<CarrierIndent, unknown>;

/** The indent's number (a link to it) and its shipper. */
const numberColumn: Column = {
  id: 'number',
  header: 'Indent',
  cell: ({ row }) => (
    <Stack gap={0}>
      <Anchor component={Link} to={`/carrier/indents/${row.original.id}`} style={{ whiteSpace: 'nowrap' }}>
        {row.original.number}
      </Anchor>
      <Text size="xs" c="dimmed">
        {row.original.shipperName}
      </Text>
    </Stack>
  ),
};

const laneColumn: Column = {
  id: 'lane',
  header: 'Lane and load',
  cell: ({ row }) => (
    <Stack gap={0} miw={160}>
      <Text size="sm">{row.original.laneLabel}</Text>
      <Text size="xs" c="dimmed">
        {row.original.vehicleTypeName} · {loadText(row.original.productName, row.original.weightTonnes)}
      </Text>
    </Stack>
  ),
};

/** How many vehicles are asked of the carrier, and at what rate. */
const askedColumn: Column = {
  id: 'asked',
  header: 'Asked',
  cell: ({ row }) => (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {vehiclesText(row.original.vehiclesAsked)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        at {formatInr(row.original.rateRupees)}
      </Text>
    </Stack>
  ),
};

/** The turn's status, and Answer while the turn is still open at `now`. */
const statusColumn = (onAnswer: (indent: CarrierIndent) => void, now: number): Column => ({
  id: 'status',
  header: 'Status',
  cell: ({ row }) => (
    <Stack gap={4} align="flex-start">
      <IndentTurnBadge status={row.original.status} />
      {canAnswer(row.original, now) && (
        <Button size="xs" onClick={() => onAnswer(row.original)} aria-label={`Answer ${row.original.number}`}>
          Answer
        </Button>
      )}
    </Stack>
  ),
});

function columns(onAnswer: (indent: CarrierIndent) => void): Column[] {
  const now = Date.now();
  return [
    numberColumn,
    laneColumn,
    // A date and time as text: the table breaks it between the two, so a laptop's 1280 px show the Status whole.
    { id: 'reportingAt', header: 'Reporting', cell: ({ row }) => formatDateTime(row.original.reportingAt) },
    askedColumn,
    { id: 'deadline', header: 'Time left', cell: ({ row }) => <IndentDeadline indent={row.original} /> },
    statusColumn(onAnswer, now),
    { id: 'orders', header: 'Orders', cell: ({ row }) => <IndentOrders indent={row.original} limit={2} /> },
  ];
}

/** How many turns wait for an answer, beside the To answer tab. */
function waitingBadge(total: number | undefined) {
  return total ? (
    <Badge size="sm" color="red" aria-label={`${total} to answer`}>
      {total}
    </Badge>
  ) : undefined;
}

/**
 * `/carrier/indents`: vehicles shippers ask of the carrier on its contracted lanes. "To answer"
 * lists the turns still open, soonest deadline first; "All" every indent addressed to it.
 */
export function CarrierIndentsPage() {
  const params = useListParams(['view']);
  const view: View = params.list.filters.view === 'all' ? 'all' : 'pending';
  const { page, pageSize, sort, search } = params.list;
  const query = { page, pageSize, sort, search };
  // "All" leaves `pending` out (the API would read "false" as a filter too).
  const listQuery = useCarrierIndents(view === 'pending' ? { ...query, pending: true } : query);
  const { data } = listQuery;
  const waiting = useCarrierIndents({ pending: true, page: 1, pageSize: 25 });
  const [answering, setAnswering] = useState<CarrierIndent | null>(null);
  const now = Date.now();
  return (
    <Page title="Indents">
      {answering && <IndentAnswerDialog indent={answering} onClose={() => setAnswering(null)} />}
      <ViewSwitch
        label="Show"
        value={view}
        options={[
          { value: 'pending', label: 'To answer', count: waiting.data?.total, badge: waitingBadge(waiting.data?.total) },
          { value: 'all', label: 'All' },
        ]}
        onChange={(v) => params.update({ view: v === 'all' ? 'all' : undefined })}
        mb="sm"
      />
      <ListToolbar params={params} searchLabel="Indent number, shipper or lane" />
      <DataTable
        caption={view === 'pending' ? 'Indents to answer' : 'All indents'}
        columns={columns(setAnswering)}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        query={listQuery}
        getRowId={(r) => r.id}
        renderCard={(r) => <IndentCard indent={r} now={now} onAnswer={setAnswering} />}
        {...params.table}
      />
    </Page>
  );
}
