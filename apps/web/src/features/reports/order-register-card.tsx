import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertCircle, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { REPORT_LABEL } from '@freightdesk/shared/schemas/report';
import { ORDER_STATUS_LABEL, ORDER_STATUSES, type OrderStatus } from '@freightdesk/shared/status/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { toDay } from '../../components/form/date-time.ts';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { useStartExport } from './api/exports.ts';
import { LaneSelect } from './lane-select.tsx';
import {
  DATE_RANGES,
  EMPTY_REGISTER_FORM,
  type OrderRegisterForm,
  type RegisterField,
  registerErrors,
  registerParams,
} from './order-register-form.ts';

const DIRECTIONS = [
  { value: '1', label: 'Outbound' },
  { value: '2', label: 'Inbound' },
];
const STATUSES = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABEL[s] }));

type RegisterErrors = Partial<Record<RegisterField, string>>;
type SetField = <K extends keyof OrderRegisterForm>(key: K, value: OrderRegisterForm[K]) => void;

/** The filters as typed, the server's messages on them, and the export started from them. */
function useRegisterExport() {
  const [form, setForm] = useState<OrderRegisterForm>(EMPTY_REGISTER_FORM);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const start = useStartExport();

  const set: SetField = (key, value) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = () => {
    setErrors({});
    setAlert(null);
    start.mutate(
      { report: 'order-register', format: form.format, params: registerParams(form) },
      {
        onSuccess: () => toast(`${REPORT_LABEL['order-register']} export started. You will be notified when the file is ready.`),
        onError: (err) => {
          const placed = registerErrors(err);
          setErrors(placed.fields);
          setAlert(placed.alert);
        },
      },
    );
  };
  const clear = () => setForm({ ...EMPTY_REGISTER_FORM, format: form.format });
  return { form, errors, alert, start, set, submit, clear };
}

/** Direction, plant, carrier, lane, status and the date ranges; empty means all. */
function RegisterFilters({ form, errors, set }: { form: OrderRegisterForm; errors: RegisterErrors; set: SetField }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <Select
        label="Direction"
        placeholder="Both"
        clearable
        data={DIRECTIONS}
        value={form.direction}
        onChange={(v) => set('direction', v === '1' || v === '2' ? v : null)}
        error={errors.direction}
      />
      <ServerSelect
        source="plants"
        label="Plant"
        placeholder="All"
        clearable
        emptyHint={false}
        value={form.plantId}
        onChange={(v) => set('plantId', v)}
        error={errors.plantId}
      />
      <ServerSelect
        source="carriers"
        label="Carrier"
        placeholder="All"
        clearable
        emptyHint={false}
        value={form.carrierLinkId}
        onChange={(v) => set('carrierLinkId', v)}
        error={errors.carrierLinkId}
      />
      <LaneSelect report="order-register" miw={0} value={form.lane} onChange={(v) => set('lane', v)} error={errors.lane} />
      <Select
        label="Status"
        placeholder="All"
        clearable
        data={STATUSES}
        value={form.status}
        onChange={(v) => set('status', (v as OrderStatus | null) ?? null)}
        error={errors.status}
      />
      {DATE_RANGES.map((r) => (
        <DatePickerInput
          key={r.field}
          type="range"
          allowSingleDateInRange
          label={r.label}
          placeholder="Any day"
          valueFormat={DATE_FORMAT}
          clearable
          value={form[r.field]}
          onChange={([from, to]) => set(r.field, [toDay(from), toDay(to)])}
          error={errors[r.field]}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * The order register's filters and format, and the Export button that asks for it as a background
 * job. The server's messages land on their filters; one that belongs to none shows above the button.
 */
export function OrderRegisterCard() {
  const { form, errors, alert, start, set, submit, clear } = useRegisterExport();
  return (
    <Stack gap="sm">
      <Title order={3}>{REPORT_LABEL['order-register']}</Title>
      <Text size="sm" c="dimmed">
        Every order you may see, newest first, with its plant, carrier, vehicle, gate times and price. Leave a filter empty to include all.
      </Text>
      <RegisterFilters form={form} errors={errors} set={set} />
      <Group align="flex-end" gap="lg">
        <Radio.Group label="Format" value={form.format} onChange={(v) => set('format', v === 'csv' ? 'csv' : 'xlsx')} error={errors.format}>
          <Group gap="md" mt={6}>
            <Radio value="xlsx" label="XLSX" />
            <Radio value="csv" label="CSV" />
          </Group>
        </Radio.Group>
        <Button leftSection={<IconFileExport size={16} />} loading={start.isPending} onClick={submit}>
          Export
        </Button>
        <Button variant="subtle" onClick={clear} disabled={start.isPending}>
          Clear filters
        </Button>
      </Group>
      {alert && (
        <Alert color="red" role="alert" title="Could not start the export" icon={<IconAlertCircle size={18} />}>
          {alert}
        </Alert>
      )}
    </Stack>
  );
}
