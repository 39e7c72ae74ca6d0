import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type IndentDetail, type IndentEdit, indentEditSchema } from '@freightdesk/shared/schemas/indent';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { StaleAlert } from '../../components/form/stale-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useMasterOne } from '../../components/master/use-master.ts';
import { api, isStale } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { editable } from './indent-rules.ts';

const FIELDS = ['vehicles', 'reportingAt', 'productId', 'weightTonnes', 'remarks'];

const toForm = (i: IndentDetail): IndentEdit => ({
  vehicles: i.vehicles,
  reportingAt: i.reportingAt as never,
  productId: i.productId,
  weightTonnes: i.weightTonnes,
  remarks: i.remarks ?? undefined,
});

/**
 * `/indent/edit/:id/:single`: vehicles, reporting time, material, weight and remarks of an indent
 * nobody has accepted yet; `single` 0 moves the batch's other open indents to the same time,
 * material and remarks. The save carries the version loaded, so a change meanwhile is a 409.
 */
export function IndentEditPage() {
  const { id, single } = useParams();
  const whole = single === '0';
  const navigate = useNavigate();
  const client = useQueryClient();
  const source = useMasterOne<IndentDetail>('indents', Number(id));
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<IndentEdit>({ resolver: zodResolver(indentEditSchema) as never, shouldFocusError: false });
  const summary = useErrorSummary(form);
  const load = useCallback((row: IndentDetail) => form.reset(toForm(row)), [form]);
  const record = useEditRecord(source, load);

  const submit = form.handleSubmit(async () => {
    setError(null);
    setStale(null);
    const values = form.getValues();
    try {
      await api.put<{ data: IndentDetail }>(`/indents/${id}`, { ...values, single: !whole }, { ifMatch: record.version });
      toast(
        whole
          ? 'The batch is changed; its carriers are asked again.'
          : `Indent ${source.data?.number ?? ''} changed; its carrier is asked again.`,
      );
      void client.invalidateQueries({ queryKey: ['indents'] });
      navigate(`/indent/detail/${id}`);
    } catch (err) {
      if (isStale(err)) {
        setStale(err.message);
        return;
      }
      setError(applyServerErrors(err, form.setError, FIELDS));
      summary.reveal();
    }
  }, summary.onInvalid);

  const indent = source.data;
  const title = `Edit indent ${indent?.number ?? ''}${whole ? ' and its batch' : ''}`;
  if (!record.ready || !indent) {
    return <PageQueryState title={title} query={source} loading="Loading the indent" failed="The indent could not be loaded." />;
  }
  if (!editable(indent)) {
    return (
      <Page title={title}>
        <Alert color="orange">
          {indent.number} can no longer change: a carrier has taken vehicles, or it has ended. Cancel it and place a new one instead.
        </Alert>
        <Button mt="md" variant="default" component={Link} to={`/indent/detail/${id}`}>
          Back to the indent
        </Button>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          {stale && (
            <StaleAlert
              message={stale}
              onReload={async () => {
                await record.reload();
                setStale(null);
              }}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <FormErrorSummary summary={summary} />
          <Text size="sm" c="dimmed">
            {indent.laneLabel} · {indent.vehicleTypeName} · {indent.plantName}. Placed for {formatDateTime(indent.reportingAt)}; the carrier
            being asked is asked again with a fresh deadline.
          </Text>
          {whole && (
            <Alert color="blue">
              The reporting time, material, weight and remarks also change on the batch's other indents nobody has accepted yet; each keeps
              its own number of vehicles.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <NumberField control={form.control} name="vehicles" label="Number of vehicles" withAsterisk decimals={0} />
            <Controller
              control={form.control}
              name="reportingAt"
              render={({ field, fieldState }) => (
                <DateTimeField
                  label="Reporting date and time"
                  withAsterisk
                  notPast
                  data-path={field.name}
                  value={isoToIndiaTime(field.value as string | undefined)}
                  onChange={(v) => field.onChange(indiaTimeToIso(v))}
                  error={fieldState.error?.message}
                />
              )}
            />
            <PickerField control={form.control} name="productId" source="products" empty={null} label="Material" clearable />
            <NumberField control={form.control} name="weightTonnes" label="Weight (t)" decimals={2} />
          </SimpleGrid>
          <Textarea label="Remarks" autosize minRows={2} {...form.register('remarks')} error={form.formState.errors.remarks?.message} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
            <Button component={Link} to={`/indent/detail/${id}`} variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
