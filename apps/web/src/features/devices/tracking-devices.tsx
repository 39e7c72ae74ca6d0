import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import {
  type DevicePairing,
  healthSummary,
  TRACKING_DEVICE_KIND_LABEL,
  type TrackingDevice,
} from '@freightdesk/shared/schemas/tracking-devices';
import { DataTable, ROW_ACTIONS_COLUMN } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { STATUS_FILTER, StatusBadge } from '../../components/master/master-list-page.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { type DeviceBase, useDeviceStatus, useReissueIdentifier, useTrackingDevices } from './api/device-api.ts';
import { GpsUnitDialog, PairPhoneDialog, SetupDialog } from './device-dialogs.tsx';
import { indianNumber } from '@freightdesk/shared/indian-number';

const fail = (err: unknown) => toast(err instanceof ApiError ? err.message : 'That did not work. Please try again.', 'error');
const nameOf = (d: TrackingDevice) => d.name ?? d.label;

/** What the device's positions came to: how many were taken, and each reason others were not. */
function HealthCell({ device }: { device: TrackingDevice }) {
  const accepted = device.health.find((h) => h.reason === 'accepted')?.count ?? 0;
  const problems = healthSummary(device.health);
  return (
    <Stack gap={2}>
      <Text size="sm">{accepted ? `${indianNumber(accepted)} in use` : 'None yet'}</Text>
      {problems.map((line) => (
        <Text key={line} size="xs" c="orange.9">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

const columns: ColumnDef<TrackingDevice, unknown>[] = [
  {
    id: 'device',
    header: 'Device',
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {nameOf(row.original)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {row.original.label}
        </Text>
      </Stack>
    ),
  },
  { id: 'kind', header: 'Kind', cell: ({ row }) => TRACKING_DEVICE_KIND_LABEL[row.original.kind] },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Stack gap={4} align="flex-start">
        <StatusBadge status={row.original.status} />
        {row.original.credential === 'typed' && row.original.kind === 'phone' && <Badge color="orange">Pair again</Badge>}
        {row.original.credential === 'simulated' && <Badge color="gray">Simulated (demo)</Badge>}
      </Stack>
    ),
  },
  {
    id: 'lastSeenAt',
    header: 'Last heard',
    cell: ({ row }) => (row.original.lastSeenAt ? formatDateTime(row.original.lastSeenAt) : 'Never'),
  },
  { id: 'trip', header: 'On trip', cell: ({ row }) => row.original.activeOrderNumber ?? '—' },
  { id: 'health', header: 'Positions', cell: ({ row }) => <HealthCell device={row.original} /> },
];

/** The row menu: a phone's new identifier, and switching the device off or on. */
function DeviceActions({ base, device, onPairing }: { base: DeviceBase; device: TrackingDevice; onPairing: (p: DevicePairing) => void }) {
  const reissue = useReissueIdentifier(base);
  const status = useDeviceStatus(base);
  const newIdentifier = async () => {
    if (
      await confirmAction(
        'The phone’s current identifier stops working at once; set the phone up again with the new one.',
        'Issue new identifier',
      )
    ) {
      reissue.mutate(device.id, { onSuccess: onPairing, onError: fail });
    }
  };
  const toggle = async () => {
    if (await confirmAction(CONFIRM_TEXT.statusChange)) {
      const next = device.status === 'active' ? 'inactive' : 'active';
      status.mutate(
        { id: device.id, status: next },
        { onSuccess: (d) => toast(`${nameOf(d)} is switched ${next === 'active' ? 'on' : 'off'}.`), onError: fail },
      );
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${nameOf(device)}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {device.kind === 'phone' && device.credential !== 'simulated' && (
          <Menu.Item onClick={newIdentifier}>Issue a new identifier</Menu.Item>
        )}
        <Menu.Item color={device.status === 'active' ? 'red' : 'green'} onClick={toggle}>
          {device.status === 'active' ? 'Switch off' : 'Switch on'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A company's tracking devices (issue 31): phones paired here and GPS units reporting through
 * Traccar, each with where its positions went; pairing, a GPS unit, a phone's new identifier,
 * switching off. `canChange`: the user may do more than look.
 */
export function TrackingDevicesPanel({ base, canChange }: { base: DeviceBase; canChange: boolean }) {
  const params = useListParams(['status']);
  const query = useTrackingDevices(base, params.query);
  const [dialog, setDialog] = useState<'phone' | 'gps' | null>(null);
  const [pairing, setPairing] = useState<DevicePairing | null>(null);
  const actions: ColumnDef<TrackingDevice, unknown> = {
    id: ROW_ACTIONS_COLUMN,
    header: '',
    cell: ({ row }) => (canChange ? <DeviceActions base={base} device={row.original} onPairing={setPairing} /> : null),
  };
  return (
    <Stack>
      {canChange && (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            A driver’s phone is paired: Freightdesk issues its identifier and shows a QR code for Traccar Client. A GPS unit reports through
            a Traccar server.
          </Text>
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('phone')}>
              Pair a phone
            </Button>
            <Button variant="default" onClick={() => setDialog('gps')}>
              Add a GPS unit
            </Button>
          </Group>
        </Stack>
      )}
      <ListToolbar
        params={params}
        filters={[STATUS_FILTER]}
        searchLabel="Search devices"
        searchPlaceholder="Name, identifier or last four"
      />
      <DataTable
        caption="Tracking devices"
        columns={[...columns, actions]}
        data={query.data?.data ?? []}
        total={query.data?.total ?? 0}
        totalCapped={query.data?.totalCapped}
        page={params.list.page}
        pageSize={params.list.pageSize}
        query={query}
        getRowId={(d) => d.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
      />
      {dialog === 'phone' && <PairPhoneDialog base={base} onClose={() => setDialog(null)} />}
      {dialog === 'gps' && <GpsUnitDialog base={base} onClose={() => setDialog(null)} />}
      {pairing && <SetupDialog pairing={pairing} onClose={() => setPairing(null)} />}
    </Stack>
  );
}
