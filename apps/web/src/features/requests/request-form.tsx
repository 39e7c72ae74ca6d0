import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type RequestInput, requestInputSchema, type TransportRequest } from '@freightdesk/shared/schemas/request';
import { toast } from '../../components/feedback/feedback.tsx';
import { DropoffList } from '../../components/form/dropoff-list.tsx';
import { ExternalRefField } from '../../components/form/external-ref-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';
import { EditFormAlerts } from '../../components/form/edit-form-alerts.tsx';
import { useEditForm } from '../../components/form/use-edit-form.ts';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useMasterOne } from '../../components/master/use-master.ts';
import { hasPermission } from '../../lib/session.ts';
import { BatchTable } from './request-batch-table.tsx';
import { requestToInput } from './request-input.ts';
import type { Direction } from './request-list.tsx';
import { InviteFields } from './request-pickers.tsx';
import { ScheduleFields, useRequestSchedule } from './request-schedule.tsx';
import { useRequestBatch } from './use-request-batch.ts';
import { TargetPriceField } from './target-price-field.tsx';
import { SpotIndentNote } from './spot-indent-note.tsx';
import { useSpotIndent } from './use-spot-indent.ts';
import { useSaveRequest } from './api/save-request.ts';

const FIELDS = Object.keys(requestInputSchema.shape ?? {}).concat([
  'dropoffs',
  'carrierLinkIds',
  'bidEndAt',
  'pickupAt',
  'pickupAddressId',
]);

export type FormMode = 'new' | 'edit' | 'replicate';

/** The form, its bid window, and the request it edits or replicates (loaded once, fresh). */
function useRequestForm(dir: Direction, mode: FormMode, id: string | undefined) {
  const requestType = dir === 'inbound' ? 2 : 1;
  const source = useMasterOne<TransportRequest>(`requests/${dir}`, mode === 'new' ? undefined : Number(id));
  const form = useForm<RequestInput>({
    resolver: zodResolver(requestInputSchema) as never,
    // The error summary brings the first bad field (in page order) into view itself.
    shouldFocusError: false,
    defaultValues: {
      requestType,
      dropoffs: requestType === 1 ? [{}] : [],
      vehicleCount: 1,
      priceBasis: 'trip',
      carrierLinkIds: [],
      groupIds: [],
      hideMaterial: false,
      publish: true,
    } as never,
  });
  const schedule = useRequestSchedule(form);
  const load = useCallback(
    (row: TransportRequest) => {
      const values = requestToInput(row, mode === 'replicate');
      form.reset(values as never);
      schedule.load(values);
    },
    [form, mode, schedule.load],
  );
  // Loaded once and fresh; the save sends the version loaded, so another's save meanwhile is a 409.
  const record = useEditRecord(source, load, mode !== 'new');
  return { requestType, source, form, schedule, record };
}

type RequestForm = ReturnType<typeof useRequestForm>;

/**
 * Publish or save as draft through useEditForm: creates, or (edit) updates against the version
 * loaded, so a request changed meanwhile is a 409 STALE with Reload, not overwritten.
 */
function useRequestSubmit(dir: Direction, mode: FormMode, id: string | undefined, page: RequestForm, spotId: number | undefined) {
  const { form, schedule, record } = page;
  const navigate = useNavigate();
  const save = useSaveRequest(dir);
  // Which button sent the form: the values' `publish` is the schema's output, this is what was asked.
  const publishing = useRef(true);
  const edit = useEditForm(form, {
    save: (values) => {
      const body = { ...values, publish: publishing.current, ...(spotId ? { spotIndentId: spotId } : {}) };
      return save.mutateAsync(mode === 'edit' ? { id: Number(id), body, ifMatch: record.version } : { body });
    },
    onSaved: (saved) => {
      toast(publishing.current ? `Request ${saved.number} is ${saved.status}.` : `Draft ${saved.number} saved.`);
      // A role that may raise requests but not open their details goes back to the list, not to /401.
      navigate(hasPermission(`detail-${dir}-request`) ? `/request/${dir}/detail/${saved.id}` : `/request/${dir}`);
    },
    reload: record.reload,
    fields: FIELDS,
  });
  // The batch's refusal (useRequestBatch); a submit clears it, as the batch clears it when it publishes.
  const [batchError, setBatchError] = useState<string | null>(null);
  const submit = (publish: boolean) => (e?: React.BaseSyntheticEvent) => {
    // A draft need not invite anyone yet: the schema checks invitations only when publishing.
    form.setValue('publish', publish);
    publishing.current = publish;
    setBatchError(null);
    return schedule.withWindow(edit.submit)(e);
  };
  return { edit, submit, batchError, setBatchError };
}

function formTitle(mode: FormMode, dir: Direction, number: string | undefined, fromSpot: boolean) {
  if (mode === 'edit') {
    return `Edit request ${number ?? ''}`;
  }
  return mode === 'replicate' ? `Replicate request ${number ?? ''}` : `New ${dir} request${fromSpot ? ' from a spot indent' : ''}`;
}

/**
 * `/request/{dir}/new`: one request, published (scheduled or open by its bid window) or kept as a
 * draft, or a batch of several; `edit/:id/:single` changes a draft or scheduled request;
 * `replicate/:id/:single` starts a new request from an old one with new dates.
 */
export function RequestFormPage({ dir, mode = 'new' }: { dir: Direction; mode?: FormMode }) {
  const { id } = useParams();
  const page = useRequestForm(dir, mode, id);
  const { source, form, schedule, record } = page;
  const spot = useSpotIndent(form, schedule);
  const save = useRequestSubmit(dir, mode, id, page, spot.id);
  const summary = save.edit.summary;
  const batch = useRequestBatch({ dir, form, schedule, onInvalid: summary.onInvalid, onError: save.setBatchError });

  const title = formTitle(mode, dir, source.data?.number, Boolean(spot.id));
  if (mode !== 'new' && !record.ready) {
    return <PageQueryState title={title} query={source} loading="Loading the request" failed="The request could not be loaded." />;
  }

  return (
    <Page title={title}>
      <form ref={summary.formRef} onSubmit={save.submit(true)} noValidate>
        <Stack>
          <EditFormAlerts edit={save.edit} />
          {save.batchError && (
            <Alert color="red" role="alert">
              {save.batchError}
            </Alert>
          )}
          {spot.id && <SpotIndentNote dir={dir} spot={spot} />}
          {mode === 'replicate' && (
            <Alert color="blue">Everything is copied from {source.data?.number}; set the new bid window and pickup date.</Alert>
          )}
          <RequestFields dir={dir} page={page} />
          {batch.batch.length > 0 && <BatchTable batch={batch.batch} onRemove={batch.remove} />}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {mode === 'edit' ? 'Save and publish' : 'Publish request'}
            </Button>
            <Button variant="default" onClick={save.submit(false)}>
              Save as draft
            </Button>
            {mode === 'new' && !spot.id && (
              <Button variant="light" onClick={batch.add} leftSection={<IconPlus size={14} />}>
                Add to batch
              </Button>
            )}
            {batch.batch.length > 0 && (
              <Button color="teal" onClick={batch.publish}>
                Publish batch ({batch.batch.length})
              </Button>
            )}
            <Button component={Link} to={`/request/${dir}`} variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

/** The request's own fields, in page order: load, schedule, drop-offs, invitations, remarks. */
function RequestFields({ dir, page }: { dir: Direction; page: RequestForm }) {
  const { requestType, form, schedule } = page;
  const errors = form.formState.errors;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <PickerField control={form.control} name="plantId" source="plants" label="Plant" withAsterisk />
        {requestType === 2 && (
          <PickerField
            control={form.control}
            name="pickupAddressId"
            source="vendorAddresses"
            empty={null}
            label="Pickup (vendor address)"
            withAsterisk
          />
        )}
        <PickerField control={form.control} name="vehicleTypeId" source="vehicleTypes" label="Vehicle type" withAsterisk />
        <NumberField control={form.control} name="vehicleCount" label="Number of vehicles" withAsterisk decimals={0} />
        <NumberField control={form.control} name="weightTonnes" label="Weight (t)" withAsterisk decimals={2} />
        <PickerField control={form.control} name="productId" source="products" empty={null} label="Product" clearable />
        <PickerField control={form.control} name="packageId" source="packages" empty={null} label="Package" clearable />
        <TargetPriceField form={form} dir={dir} />
        <ScheduleFields schedule={schedule} />
      </SimpleGrid>

      {requestType === 1 && <DropoffList form={form} />}
      <InviteFields form={form} />
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
      <Textarea label="Remarks" autosize minRows={2} {...form.register('remarks')} error={errors.remarks?.message} />
      <ExternalRefField {...form.register('externalRef')} error={errors.externalRef?.message} maw={360} />
    </>
  );
}
