import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type RequestInput, requestInputSchema, type TransportRequest } from '@freightdesk/shared/schemas/request';
import { toast } from '../../components/feedback/feedback.tsx';
import { DropoffList } from '../../components/form/dropoff-list.tsx';
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

const FIELDS = Object.keys(requestInputSchema.shape ?? {}).concat([
  'dropoffs',
  'carrierLinkIds',
  'bidEndAt',
  'pickupAt',
  'pickupAddressId',
]);

export type FormMode = 'new' | 'edit' | 'replicate';

/**
 * `/request/{dir}/new`: one request, published (scheduled or open by its bid window) or kept as a
 * draft, or a batch of several; `edit/:id/:single` changes a draft or scheduled request;
 * `replicate/:id/:single` starts a new request from an old one with new dates.
 */
export function RequestFormPage({ dir, mode = 'new' }: { dir: Direction; mode?: FormMode }) {
  const requestType = dir === 'inbound' ? 2 : 1;
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id } = useParams();
  const source = useMasterOne<TransportRequest>(`requests/${dir}`, mode === 'new' ? undefined : Number(id));
  const [error, setError] = useState<string | null>(null);
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
  const summary = useErrorSummary(form);
  const errors = form.formState.errors;
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
  const [stale, setStale] = useState<string | null>(null);
  const batch = useRequestBatch({ dir, form, schedule, onInvalid: summary.onInvalid, onError: setError });
  const spot = useSpotIndent(form, schedule);

  const submit = (publish: boolean) => (e?: React.BaseSyntheticEvent) => {
    // A draft need not invite anyone yet: the schema checks invitations only when publishing.
    form.setValue('publish', publish);
    return schedule.withWindow(send(publish))(e);
  };
  const send = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      setError(null);
      setStale(null);
      try {
        const body = { ...values, publish, ...(spot.id ? { spotIndentId: spot.id } : {}) };
        const res =
          mode === 'edit'
            ? await api.put<{ data: TransportRequest }>(`/requests/${dir}/${id}`, body, { ifMatch: record.version })
            : await api.post<{ data: TransportRequest }>(`/requests/${dir}`, body);
        toast(publish ? `Request ${res.data.number} is ${res.data.status}.` : `Draft ${res.data.number} saved.`);
        void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
        if (spot.id) {
          void client.invalidateQueries({ queryKey: ['indents'] });
        }
        // A role that may raise requests but not open their details goes back to the list, not to /401.
        navigate(hasPermission(`detail-${dir}-request`) ? `/request/${dir}/detail/${res.data.id}` : `/request/${dir}`);
      } catch (err) {
        if (isStale(err)) {
          setStale(err.message);
          return;
        }
        setError(applyServerErrors(err, form.setError, FIELDS));
        summary.reveal();
      }
    }, summary.onInvalid);

  const title =
    mode === 'edit'
      ? `Edit request ${source.data?.number ?? ''}`
      : mode === 'replicate'
        ? `Replicate request ${source.data?.number ?? ''}`
        : `New ${dir} request${spot.id ? ' from a spot indent' : ''}`;
  if (mode !== 'new' && !record.ready) {
    return <PageQueryState title={title} query={source} loading="Loading the request" failed="The request could not be loaded." />;
  }

  return (
    <Page title={title}>
      <form ref={summary.formRef} onSubmit={submit(true)} noValidate>
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
          {spot.id && <SpotIndentNote dir={dir} spot={spot} />}
          {mode === 'replicate' && (
            <Alert color="blue">Everything is copied from {source.data?.number}; set the new bid window and pickup date.</Alert>
          )}
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
          {batch.batch.length > 0 && <BatchTable batch={batch.batch} onRemove={batch.remove} />}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {mode === 'edit' ? 'Save and publish' : 'Publish request'}
            </Button>
            <Button variant="default" onClick={submit(false)}>
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
