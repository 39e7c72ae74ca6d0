import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import { type RfqDetail, rfqInputSchema } from '@freightdesk/shared/schemas/rfq';
import { toast } from '../../components/feedback/feedback.tsx';
import { toDay, todayInIndia } from '../../components/form/date-time.ts';
import { MultiPickerField, PickerField } from '../../components/form/picker-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useMasterOne } from '../../components/master/use-master.ts';
import { ApiError } from '../../lib/api.ts';
import { defaultPeriod, emptyLane, type RfqFormValues, rfqBody, rfqToForm } from './rfq-form-values.ts';
import { rowsWithLabels } from './rfq-lane-labels.ts';
import { lanesInFields, lanesWithErrors } from './rfq-lane-pages.ts';
import { LaneRows, useLanePager } from './rfq-lane-rows.tsx';
import { useSaveRfq } from './api/save-rfq.ts';

const FIELDS = ['title', 'plantId', 'periodFrom', 'periodTo', 'hideMaterial', 'remarks', 'lanes', 'carrierLinkIds', 'groupIds'];

/** A contract period day, bound to the form (YYYY-MM-DD). */
function DayField({
  form,
  name,
  label,
}: {
  form: ReturnType<typeof useForm<RfqFormValues>>;
  name: 'periodFrom' | 'periodTo';
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePickerInput
          label={label}
          withAsterisk
          valueFormat={DATE_FORMAT}
          data-path={name}
          value={field.value ?? null}
          onChange={(v) => field.onChange(toDay(v) ?? undefined)}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The form and the draft it edits, loaded once and fresh, with its lanes' labels known before it shows. */
function useRfqForm(mode: 'new' | 'edit', id: string | undefined) {
  const client = useQueryClient();
  const source = useMasterOne<RfqDetail>('rfqs', mode === 'edit' ? Number(id) : undefined);
  const form = useForm<RfqFormValues>({
    resolver: zodResolver(rfqInputSchema) as never,
    shouldFocusError: false,
    defaultValues: {
      ...defaultPeriod(todayInIndia()),
      hideMaterial: false,
      lanes: [emptyLane()],
      carrierLinkIds: [],
      groupIds: [],
    } as never,
  });
  const summary = useErrorSummary(form);
  const pager = useLanePager();
  // A loaded lane's address end may be a vendor's: the rows are made once it is known which (as an import does).
  const [lanesReady, setLanesReady] = useState(mode !== 'edit');
  const load = useCallback(
    (row: RfqDetail) => {
      void rowsWithLabels(client, row.laneList).then((lanes) => {
        form.reset(rfqToForm(row, lanes));
        setLanesReady(true);
      });
    },
    [form, client],
  );
  const record = useEditRecord(source, load, mode === 'edit');
  return { source, form, summary, pager, ready: record.ready && lanesReady };
}

/** Saves the draft; a refusal shows on its fields, the first refused lane's page brought into view. */
function useRfqSubmit(mode: 'new' | 'edit', id: string | undefined, page: ReturnType<typeof useRfqForm>) {
  const { form, summary, pager } = page;
  const navigate = useNavigate();
  const save = useSaveRfq();
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(
    async () => {
      setError(null);
      // The schema's output drops the pickers' `via`; the body is built from the rows as typed.
      const body = rfqBody(form.getValues());
      try {
        const saved = await save.mutateAsync(mode === 'edit' ? { id: Number(id), body } : { body });
        toast(`RFQ ${saved.number} saved as a draft.`);
        navigate(`/rfp/detail/${saved.id}`);
      } catch (err) {
        setError(applyServerErrors(err, form.setError, FIELDS));
        // The first lane the server refused is brought onto the page before the summary looks for it.
        pager.showFirstError(err instanceof ApiError ? lanesInFields(err.fields) : []);
        summary.reveal();
      }
    },
    (errors) => {
      pager.showFirstError(lanesWithErrors(errors.lanes));
      summary.onInvalid(errors);
    },
  );
  return { submit, error };
}

/**
 * `/rfp/new` and `/rfp/edit/:id` (a draft only): the RFQ's title, plant, contract period, lanes
 * typed in rows and invited carriers. Saved as a draft; round 1 is opened from its detail page.
 */
export function RfqFormPage({ mode = 'new' }: { mode?: 'new' | 'edit' }) {
  const { id } = useParams();
  const page = useRfqForm(mode, id);
  const { source, form, summary, pager } = page;
  const { submit, error } = useRfqSubmit(mode, id, page);

  const title = mode === 'edit' ? `Edit RFQ ${source.data?.number ?? ''}` : 'New RFQ';
  if (mode === 'edit' && !page.ready) {
    return <PageQueryState title={title} query={source} loading="Loading the RFQ" failed="The RFQ could not be loaded." />;
  }
  if (mode === 'edit' && source.data && source.data.status !== 'draft') {
    return (
      <Page title={title}>
        <Alert color="orange">Only a draft RFQ can be edited; its quotes are already with the carriers.</Alert>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <FormErrorSummary summary={summary} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput label="Title" withAsterisk {...form.register('title')} error={form.formState.errors.title?.message} />
            <PickerField control={form.control} name="plantId" source="plants" label="Plant" withAsterisk />
            <DayField form={form} name="periodFrom" label="Contract from" />
            <DayField form={form} name="periodTo" label="Contract to" />
          </SimpleGrid>
          <LaneRows form={form} pager={pager} />
          <InviteAndRemarks form={form} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save draft
            </Button>
            <Button component={Link} to={mode === 'edit' ? `/rfp/detail/${id}` : '/rfp'} variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

/** The carriers and groups invited, whether the material is hidden from them, and the remarks. */
function InviteAndRemarks({ form }: { form: ReturnType<typeof useForm<RfqFormValues>> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MultiPickerField
          control={form.control}
          name="carrierLinkIds"
          source="carriers"
          label="Invite carriers"
          placeholder="Type a carrier"
          description="Choose carriers, carrier groups or both."
        />
        <MultiPickerField
          control={form.control}
          name="groupIds"
          source="carrierGroups"
          label="Invite carrier groups"
          placeholder="Type a group"
          description="The groups' active carriers are invited when the RFQ is saved; editing it later shows them as carriers, not as groups."
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="hideMaterial"
        render={({ field }) => (
          <Checkbox
            label="Hide the material from carriers"
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
      <Textarea label="Remarks" autosize minRows={2} {...form.register('remarks')} error={form.formState.errors.remarks?.message} />
    </>
  );
}
