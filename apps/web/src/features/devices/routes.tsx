import { Menu, Paper, Tabs } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import { DEVICE_KIND_LABEL, DEVICE_STATE_LABEL, type Device } from '@freightdesk/shared/schemas/device';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { MasterListPage } from '../../components/master/master-list-page.tsx';
import { useMasterAction } from '../../components/master/use-master.ts';
import { Page, PageTitle } from '../../components/layout/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { hasPermission } from '../../lib/session.ts';
import { TrackingDevicesPanel } from './tracking-devices.tsx';

const columns: ColumnDef<Device, unknown>[] = [
  { id: 'serial', header: 'Serial', accessorKey: 'serial' },
  { id: 'kind', header: 'Kind', cell: ({ row }) => DEVICE_KIND_LABEL[row.original.kind] },
  { id: 'model', header: 'Model', cell: ({ row }) => row.original.model ?? '—' },
  { id: 'state', header: 'State', cell: ({ row }) => DEVICE_STATE_LABEL[row.original.state] },
];

/** The GPS trackers and locks the platform lent this shipper. */
function LentDevices({ title = 'Devices' }: { title?: string }) {
  const action = useMasterAction<Device>('devices');
  const sendBack = async (d: Device) => {
    if (await confirmAction(CONFIRM_TEXT.deviceSendBack, 'Send back')) {
      action.mutate(
        { url: `${d.id}/send-back` },
        {
          onSuccess: () => toast(`${d.serial} is on its way back to the admin.`),
          onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not send back.', 'error'),
        },
      );
    }
  };
  return (
    <MasterListPage<Device>
      title={title}
      api="devices"
      route="/devices"
      columns={columns}
      filters={[]}
      statusToggle={false}
      deletable={false}
      editable={false}
      rowName={(d) => d.serial}
      extraActions={(d) => (d.state === 'with_shipper' ? <Menu.Item onClick={() => sendBack(d)}>Send back to admin</Menu.Item> : null)}
    />
  );
}

/** Whether a shipper user may see its tracking devices (what the API's device rule asks: an order list). */
const DEVICE_READERS: Permission[] = ['list-outbound-order', 'list-inbound-order', 'list-offline-inbound-order'];
const seesTrackingDevices = () => DEVICE_READERS.some((p) => hasPermission(p));

/**
 * `/devices`: the shipper's tracking devices (phones it paired, GPS units through Traccar) and the
 * trackers and locks the platform lent it.
 */
function DevicesPage() {
  if (!seesTrackingDevices()) {
    return <LentDevices />;
  }
  // The spec's menu names the page Devices; its two kinds are tabs under that heading.
  return (
    <>
      <PageTitle mb="md">Devices</PageTitle>
      <Tabs defaultValue="tracking" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="tracking">Phones and GPS units</Tabs.Tab>
          <Tabs.Tab value="lent">Lent by the platform</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tracking">
          <Paper withBorder p="md" radius="md">
            <TrackingDevicesPanel base="/tracking" canChange={hasPermission('add-edit-delete')} />
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="lent">
          <LentDevices title="Lent by the platform" />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** `/carrier/devices`: the carrier company's drivers' phones and its GPS units. */
function CarrierDevicesPage() {
  return (
    <Page title="Tracking devices">
      <TrackingDevicesPanel base="/carrier/tracking" canChange />
    </Page>
  );
}

export const deviceRouteElements: Record<string, ReactElement> = { devices: <DevicesPage />, 'carrier-devices': <CarrierDevicesPage /> };
