import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { GST_SCHEME_LABEL, GST_SCHEMES, type GstRateInput, gstRateInputSchema } from '@freightdesk/shared/schemas/invoice';
import { toast } from '../../../components/feedback/feedback.tsx';
import { toDay, todayInIndia } from '../../../components/form/date-time.ts';
import { FormErrorAlert } from '../../../components/form/form-alert.tsx';
import { NumberField } from '../../../components/form/number-field.tsx';
import { serverFormError, type FormAlert } from '../../../components/form/server-errors.ts';
import { Page } from '../../../components/layout/page.tsx';
import { addGstRate, GST_RATES_KEY, type GstRate, useGstRates } from '../api/gst-rates.ts';

const FIELDS = ['scheme', 'ratePct', 'effectiveFrom', 'notes'];
const SCHEME_OPTIONS = GST_SCHEMES.map((s) => ({ value: s, label: GST_SCHEME_LABEL[s] }));

/** Rows by scheme (in the order of GST_SCHEMES) then by the day they came into force. */
function sortRates(rows: readonly GstRate[]): GstRate[] {
  return [...rows].sort(
    (a, b) => GST_SCHEMES.indexOf(a.scheme) - GST_SCHEMES.indexOf(b.scheme) || a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
}

/** The id of each scheme's rate in force today: its latest row whose day is not in the future. */
function inForceIds(rows: readonly GstRate[], today: string): Set<number> {
  const latest = new Map<GstRate['scheme'], GstRate>();
  for (const r of rows) {
    const seen = latest.get(r.scheme);
    if (r.effectiveFrom <= today && (!seen || r.effectiveFrom > seen.effectiveFrom)) {
      latest.set(r.scheme, r);
    }
  }
  return new Set([...latest.values()].map((r) => r.id));
}

function RatesTable({ rows }: { rows: readonly GstRate[] }) {
  const current = inForceIds(rows, todayInIndia());
  // On a phone the table scrolls in its own box, not the page.
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label="GST rates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Rate %</Table.Th>
            <Table.Th>In force from</Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th>
              <VisuallyHidden>In force now</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sortRates(rows).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{GST_SCHEME_LABEL[r.scheme]}</Table.Td>
              <Table.Td>{r.ratePct}</Table.Td>
              <Table.Td>{r.effectiveFrom}</Table.Td>
              <Table.Td>{r.notes ?? '—'}</Table.Td>
              <Table.Td>{current.has(r.id) ? <Badge color="green">In force now</Badge> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The rate's kind, percentage, first day and notes. */
function RateFields({ form }: { form: UseFormReturn<GstRateInput> }) {
  const { errors } = form.formState;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Controller
        control={form.control}
        name="scheme"
        render={({ field, fieldState }) => (
          <Select
            label="Kind"
            withAsterisk
            data={SCHEME_OPTIONS}
            value={field.value ?? null}
            onChange={(v) => field.onChange(v ?? undefined)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <NumberField control={form.control} name="ratePct" label="Rate %" withAsterisk decimals={1} />
      <Controller
        control={form.control}
        name="effectiveFrom"
        render={({ field, fieldState }) => (
          <DatePickerInput
            label="Effective from"
            withAsterisk
            valueFormat={DATE_FORMAT}
            value={field.value || null}
            onChange={(v) => field.onChange(toDay(v) ?? '')}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextInput
        label="Notes"
        placeholder="Notification 15/2025-CT(Rate)"
        maxLength={300}
        {...form.register('notes')}
        error={errors.notes?.message}
      />
    </SimpleGrid>
  );
}

/** Adds a notified rate: a new row from its day, never an edit of an old one. */
function AddRateForm() {
  const client = useQueryClient();
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const form = useForm<GstRateInput>({
    resolver: zodResolver(gstRateInputSchema) as never,
    defaultValues: { effectiveFrom: todayInIndia(), notes: '' },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await addGstRate(values);
      toast(`${GST_SCHEME_LABEL[saved.scheme]}: ${saved.ratePct}% from ${saved.effectiveFrom} added.`);
      void client.invalidateQueries({ queryKey: GST_RATES_KEY });
      form.reset({ effectiveFrom: todayInIndia(), notes: '' });
    } catch (err) {
      setAlert(serverFormError(err, form.setError, FIELDS));
    }
  });
  return (
    <Paper withBorder p="md" mt="lg">
      <Title order={4} mb="sm">
        Add a notified rate
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormErrorAlert error={alert} />
          <RateFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              Add rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** `/admin/gst-rates` (platform admin): the dated GTA rate table of each GST kind. */
export function GstRatesPage() {
  const list = useGstRates();
  const rows = list.data ?? [];
  return (
    <Page title="GST rates">
      <Text size="sm" c="dimmed" mb="sm">
        An invoice takes the rate of its kind in force on its date; a change of rate is a new row from its day, never an edit.
      </Text>
      {list.isError ? <Alert color="red">Could not load the rates.</Alert> : null}
      {list.isSuccess && rows.length === 0 ? <Alert color="gray">No rates yet.</Alert> : null}
      {rows.length > 0 ? <RatesTable rows={rows} /> : null}
      <AddRateForm />
    </Page>
  );
}
