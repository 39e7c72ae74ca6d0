import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useCallback } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type IndentDetail, type IndentEdit, indentEditSchema } from '@freightdesk/shared/schemas/indent';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { ExternalRefField } from '../../components/form/external-ref-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';
import { EditFormAlerts } from '../../components/form/edit-form-alerts.tsx';
import { useEditForm } from '../../components/form/use-edit-form.ts';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useMasterOne } from '../../components/master/use-master.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useUpdateIndent } from './api/update-indent.ts';
import { editable } from './indent-rules.ts';

const FIELDS = ['vehicles', 'reportingAt', 'productId', 'weightTonnes', 'remarks', 'externalRef'];

const toForm = (i: IndentDetail): IndentEdit => ({
  vehicles: i.vehicles,
  reportingAt: i.reportingAt as never,
  productId: i.productId,
  weightTonnes: i.weightTonnes,
  remarks: i.remarks ?? undefined,
  externalRef: i.externalRef ?? '',
});

/**
 * The form, the record it edits (with its version) and its one submit (useEditForm): the save
 * carries the version loaded, a 409 STALE shows the stale alert with Reload, field errors land on
 * their fields.
 */
function useIndentEdit(id: number, whole: boolean) {
  const navigate = useNavigate();
  const source = useMasterOne<IndentDetail>('indents', id);
  const update = useUpdateIndent(id);
  const form = useForm<IndentEdit>({ resolver: zodResolver(indentEditSchema) as never, shouldFocusError: false });
  const load = useCallback((row: IndentDetail) => form.reset(toForm(row)), [form]);
  const record = useEditRecord(source, load);
  const edit = useEditForm(form, {
    save: () => update.mutateAsync({ values: form.getValues(), single: !whole, ifMatch: record.version }),
    onSaved: () => {
      toast(
        whole
          ? 'The batch is changed; its carriers are asked again.'
          : `Indent ${source.data?.number ?? ''} changed; its carrier is asked again.`,
      );
      navigate(`/indent/detail/${id}`);
    },
    reload: record.reload,
    fields: FIELDS,
  });
  return { source, record, form, edit };
}

/** An indent a carrier has taken vehicles of, or that has ended. */
function NotEditable({ title, indent }: { title: string; indent: IndentDetail }) {
  return (
    <Page title={title}>
      <Alert color="orange">
        {indent.number} can no longer change: a carrier has taken vehicles, or it has ended. Cancel it and place a new one instead.
      </Alert>
      <Button mt="md" variant="default" component={Link} to={`/indent/detail/${indent.id}`}>
        Back to the indent
      </Button>
    </Page>
  );
}

/** Vehicles, reporting time, material and weight. */
function IndentEditFields({ form }: { form: UseFormReturn<IndentEdit> }) {
  return (
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
  );
}

/** What the change does: the indent as placed and, for a batch, the other indents it moves. */
function IndentEditIntro({ indent, whole }: { indent: IndentDetail; whole: boolean }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {indent.laneLabel} · {indent.vehicleTypeName} · {indent.plantName}. Placed for {formatDateTime(indent.reportingAt)}; the carrier
        being asked is asked again with a fresh deadline.
      </Text>
      {whole && (
        <Alert color="blue">
          The reporting time, material, weight and remarks also change on the batch's other indents nobody has accepted yet; each keeps its
          own number of vehicles.
        </Alert>
      )}
    </>
  );
}

/**
 * `/indent/edit/:id/:single`: vehicles, reporting time, material, weight and remarks of an indent
 * nobody has accepted yet; `single` 0 moves the batch's other open indents to the same time,
 * material and remarks. The save carries the version loaded, so a change meanwhile is a 409.
 */
export function IndentEditPage() {
  const { id, single } = useParams();
  const whole = single === '0';
  const { source, record, form, edit } = useIndentEdit(Number(id), whole);
  const indent = source.data;
  const title = `Edit indent ${indent?.number ?? ''}${whole ? ' and its batch' : ''}`;
  if (!record.ready || !indent) {
    return <PageQueryState title={title} query={source} loading="Loading the indent" failed="The indent could not be loaded." />;
  }
  if (!editable(indent)) {
    return <NotEditable title={title} indent={indent} />;
  }
  return (
    <Page title={title}>
      <form ref={edit.summary.formRef} onSubmit={edit.submit} noValidate>
        <Stack>
          <EditFormAlerts edit={edit} />
          <IndentEditIntro indent={indent} whole={whole} />
          <IndentEditFields form={form} />
          <Textarea label="Remarks" autosize minRows={2} {...form.register('remarks')} error={form.formState.errors.remarks?.message} />
          <ExternalRefField
            {...form.register('externalRef')}
            error={form.formState.errors.externalRef?.message}
            description="This indent's only, also when the batch is edited"
            maw={360}
          />
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
