import { Menu, Modal, Button, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import {
  DEVICE_KIND_LABEL,
  DEVICE_KINDS,
  DEVICE_STATE_LABEL,
  DEVICE_STATES,
  type Device,
  deviceInputSchema,
} from '@freightdesk/shared/schemas/device';
import { type Notice, noticeInputSchema } from '@freightdesk/shared/schemas/notice';
import { confirmAction } from '../../../components/feedback/confirm.tsx';
import { toast } from '../../../components/feedback/feedback.tsx';
import { MasterFormPage } from '../../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../../components/master/master-list-page.tsx';
import { useMasterAction } from '../../../components/master/use-master.ts';
import { ServerSelect } from '../../../components/form/server-select.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';

const noticeColumns: ColumnDef<Notice, unknown>[] = [
  { id: 'title', header: 'Title', accessorKey: 'title' },
  {
    id: 'publishedAt',
    header: 'Published',
    cell: ({ row }) => (row.original.publishedAt ? formatDateTime(row.original.publishedAt) : 'Draft'),
  },
  statusColumn(),
];

export function NoticeListPage() {
  return (
    <MasterListPage<Notice>
      title="What's new notices"
      api="admin/notices"
      route="/admin/notices"
      addLabel="Add notice"
      columns={noticeColumns}
      sortable={['title', 'publishedAt']}
      addPermission="admin"
      editPermission="admin"
      rowName={(n) => n.title}
      renderExpanded={(n) => n.body}
    />
  );
}

export function NoticeFormPage() {
  return (
    <MasterFormPage<{ title: string; body: string; publish: boolean }, Notice>
      title="notice"
      api="admin/notices"
      listPath="/admin/notices"
      schema={noticeInputSchema}
      defaults={{ title: '', body: '', publish: true }}
      toForm={(n) => ({ title: n.title, body: n.body, publish: Boolean(n.publishedAt) })}
    >
      {({ register, control, formState: { errors } }) => (
        <Stack maw={720}>
          <TextInput label="Title" withAsterisk {...register('title')} error={errors.title?.message} />
          <Textarea label="Text" withAsterisk autosize minRows={5} {...register('body')} error={errors.body?.message} />
          <Controller
            control={control}
            name="publish"
            render={({ field }) => (
              <Switch label="Published (users see it)" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
        </Stack>
      )}
    </MasterFormPage>
  );
}

const deviceColumns: ColumnDef<Device, unknown>[] = [
  { id: 'serial', header: 'Serial', accessorKey: 'serial' },
  { id: 'kind', header: 'Kind', cell: ({ row }) => DEVICE_KIND_LABEL[row.original.kind] },
  { id: 'model', header: 'Model', cell: ({ row }) => row.original.model ?? '—' },
  { id: 'shipper', header: 'Shipper', cell: ({ row }) => row.original.industryName ?? '—' },
  { id: 'state', header: 'State', cell: ({ row }) => DEVICE_STATE_LABEL[row.original.state] },
];
const deviceFilters = [
  { key: 'state', label: 'State', options: DEVICE_STATES.map((s) => ({ value: s, label: DEVICE_STATE_LABEL[s] })) },
  { key: 'kind', label: 'Kind', options: DEVICE_KINDS.map((k) => ({ value: k, label: DEVICE_KIND_LABEL[k] })) },
];

function AssignDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const action = useMasterAction<Device>('admin/devices');
  const [industryId, setIndustryId] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={`Assign ${device.serial}`} centered>
      <Stack>
        <ServerSelect
          source="shippers"
          label="Shipper"
          withAsterisk
          placeholder="Type a shipper"
          value={industryId}
          onChange={setIndustryId}
        />
        <Button
          disabled={!industryId}
          loading={action.isPending}
          onClick={() =>
            action.mutate(
              { url: `${device.id}/assign`, body: { industryId: Number(industryId) } },
              {
                onSuccess: () => {
                  toast('Device assigned.');
                  onClose();
                },
                onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not assign.', 'error'),
              },
            )
          }
        >
          Assign
        </Button>
      </Stack>
    </Modal>
  );
}

export function DeviceAdminListPage() {
  const [assigning, setAssigning] = useState<Device | null>(null);
  const action = useMasterAction<Device>('admin/devices');
  const receive = async (d: Device) => {
    if (await confirmAction(CONFIRM_TEXT.deviceReceived, 'Received')) {
      action.mutate(
        { url: `${d.id}/receive` },
        {
          onSuccess: () => toast(`${d.serial} is back with the admin.`),
          onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not receive.', 'error'),
        },
      );
    }
  };
  return (
    <>
      {assigning && <AssignDialog device={assigning} onClose={() => setAssigning(null)} />}
      <MasterListPage<Device>
        title="Devices"
        api="admin/devices"
        route="/admin/devices"
        addLabel="Add device"
        columns={deviceColumns}
        sortable={['serial']}
        filters={deviceFilters}
        addPermission="admin"
        editPermission="admin"
        statusToggle={false}
        deletable={false}
        rowName={(d) => d.serial}
        extraActions={(d) => (
          <>
            {d.state === 'with_admin' && <Menu.Item onClick={() => setAssigning(d)}>Assign to shipper</Menu.Item>}
            {d.state === 'sent_back' && <Menu.Item onClick={() => receive(d)}>Mark received</Menu.Item>}
          </>
        )}
      />
    </>
  );
}

export function DeviceFormPage() {
  return (
    <MasterFormPage<{ serial: string; kind?: string; model?: string; simNumber?: string }, Device>
      title="device"
      api="admin/devices"
      listPath="/admin/devices"
      schema={deviceInputSchema}
      defaults={{ serial: '', model: '', simNumber: '' }}
      toForm={(d) => ({ serial: d.serial, kind: d.kind, model: d.model ?? '', simNumber: d.simNumber ?? '' })}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <TextInput label="Serial number" withAsterisk {...register('serial')} error={errors.serial?.message} />
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <Select
                label="Kind"
                withAsterisk
                data={DEVICE_KINDS.map((k) => ({ value: k, label: DEVICE_KIND_LABEL[k] }))}
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.kind?.message}
              />
            )}
          />
          <TextInput label="Model" {...register('model')} error={errors.model?.message} />
          <TextInput label="SIM number" {...register('simNumber')} error={errors.simNumber?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}
