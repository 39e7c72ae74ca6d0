import { Menu } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { DEVICE_KIND_LABEL, DEVICE_STATE_LABEL, type Device } from '@freightdesk/shared/schemas/device';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { MasterListPage } from '../../components/master/master-list-page.tsx';
import { useMasterAction } from '../../components/master/use-master.ts';
import { ApiError } from '../../lib/api.ts';

const columns: ColumnDef<Device, unknown>[] = [
  { id: 'serial', header: 'Serial', accessorKey: 'serial' },
  { id: 'kind', header: 'Kind', cell: ({ row }) => DEVICE_KIND_LABEL[row.original.kind] },
  { id: 'model', header: 'Model', cell: ({ row }) => row.original.model ?? '—' },
  { id: 'state', header: 'State', cell: ({ row }) => DEVICE_STATE_LABEL[row.original.state] },
];

/** `/devices`: the GPS trackers and locks the platform lent this shipper. */
function DevicesPage() {
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
      title="Devices"
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

export const deviceRouteElements: Record<string, ReactElement> = { devices: <DevicesPage /> };
