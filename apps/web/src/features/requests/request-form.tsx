import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type RequestInput, requestInputSchema, type TransportRequest } from '@freightdesk/shared/schemas/request';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { DropoffList } from '../../components/form/dropoff-list.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { StaleAlert } from '../../components/form/stale-alert.tsx';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { Page } from '../../components/layout/page.tsx';
import { useEditRecord } from '../../components/master/use-edit-record.ts';
import { useMasterOne } from '../../components/master/use-master.ts';
import { ApiError, api, isStale } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { requestToInput } from './request-input.ts';
import type { Direction } from './request-list.tsx';
import { InviteFields } from './request-pickers.tsx';
import { TargetPriceField } from './target-price-field.tsx';

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
  const [batch, setBatch] = useState<RequestInput[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [times, setTimes] = useState<{ bidStartAt: string | null; bidEndAt: string | null; pickupAt: string | null }>({
    bidStartAt: null,
    bidEndAt: null,
    pickupAt: null,
  });
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
  const load = useCallback(
    (row: TransportRequest) => {
      const values = requestToInput(row, mode === 'replicate');
      form.reset(values as never);
      setTimes({
        bidStartAt: isoToIndiaTime(values.bidStartAt as string | undefined),
        bidEndAt: isoToIndiaTime(values.bidEndAt as string | undefined),
        pickupAt: isoToIndiaTime(values.pickupAt as string | undefined),
      });
    },
    [form, mode],
  );
  // Loaded once and fresh; the save sends the version loaded, so another's save meanwhile is a 409.
  const record = useEditRecord(source, load, mode !== 'new');
  const [stale, setStale] = useState<string | null>(null);

  /** "Start bidding now": the window opens on submit and runs for the minutes given. */
  const [startNow, setStartNow] = useState(false);
  const [runMinutes, setRunMinutes] = useState<number | undefined>(60);
  const withWindow = (handler: (e?: React.BaseSyntheticEvent) => Promise<void>) => (e?: React.BaseSyntheticEvent) => {
    if (startNow) {
      const now = Date.now();
      form.setValue('bidStartAt', new Date(now).toISOString() as never);
      const minutes = Number.isFinite(runMinutes) ? (runMinutes ?? 0) : 0;
      form.setValue('bidEndAt', new Date(now + minutes * 60_000).toISOString() as never);
    }
    return handler(e);
  };

  const submit = (publish: boolean) => (e?: React.BaseSyntheticEvent) => {
    // A draft need not invite anyone yet: the schema checks invitations only when publishing.
    form.setValue('publish', publish);
    return withWindow(send(publish))(e);
  };
  const send = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      setError(null);
      setStale(null);
      try {
        const body = { ...values, publish };
        const res =
          mode === 'edit'
            ? await api.put<{ data: TransportRequest }>(`/requests/${dir}/${id}`, body, { ifMatch: record.version })
            : await api.post<{ data: TransportRequest }>(`/requests/${dir}`, body);
        toast(publish ? `Request ${res.data.number} is ${res.data.status}.` : `Draft ${res.data.number} saved.`);
        void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
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

  /** Keeps the checked values in the batch; the form stays filled for the next, similar load. */
  const addToBatch = (e?: React.BaseSyntheticEvent) => {
    form.setValue('publish', true);
    return withWindow(
      form.handleSubmit((values) => {
        setBatch((b) => [...b, values]);
        toast(`Added to the batch (${batch.length + 1}). Change what differs for the next load.`);
      }, summary.onInvalid),
    )(e);
  };
  const publishBatch = async () => {
    setError(null);
    try {
      const res = await api.post<{ data: TransportRequest[] }>(`/requests/${dir}/batch`, {
        requests: batch.map((v) => ({ ...v, publish: true })),
      });
      toast(`${res.data.length} requests published: ${res.data.map((r) => r.number).join(', ')}.`);
      void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
      navigate(`/request/${dir}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The batch could not be published.');
    }
  };
  const title =
    mode === 'edit'
      ? `Edit request ${source.data?.number ?? ''}`
      : mode === 'replicate'
        ? `Replicate request ${source.data?.number ?? ''}`
        : dir === 'outbound'
          ? 'New outbound request'
          : 'New inbound request';
  if (mode !== 'new' && !record.ready) {
    return <Page title={title}>{null}</Page>;
  }

  const timeField = (name: 'bidStartAt' | 'bidEndAt' | 'pickupAt', label: string) => (
    <DateTimeField
      label={label}
      withAsterisk
      // Bid start may be now or passed (the window opens at once); bid end and pickup may not.
      notPast={name !== 'bidStartAt'}
      value={times[name]}
      onChange={(v) => {
        setTimes((t) => ({ ...t, [name]: v }));
        form.setValue(name, indiaTimeToIso(v) as never, { shouldValidate: form.formState.isSubmitted });
      }}
      error={errors[name]?.message}
    />
  );

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
            {startNow ? (
              <NumberTextInput
                label="Bidding runs for (minutes)"
                description={errors.bidEndAt?.message ? undefined : 'Opens as soon as you publish'}
                withAsterisk
                decimals={0}
                value={runMinutes}
                onChange={setRunMinutes}
                error={errors.bidEndAt?.message}
              />
            ) : (
              <>
                {timeField('bidStartAt', 'Bid start')}
                {timeField('bidEndAt', 'Bid end')}
              </>
            )}
            {timeField('pickupAt', 'Pickup Date')}
            <Checkbox
              label="Start bidding now"
              checked={startNow}
              onChange={(e) => setStartNow(e.currentTarget.checked)}
              style={{ alignSelf: 'end' }}
            />
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
          {batch.length > 0 && <BatchTable batch={batch} onRemove={(i) => setBatch((b) => b.filter((_, j) => j !== i))} />}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {mode === 'edit' ? 'Save and publish' : 'Publish request'}
            </Button>
            <Button variant="default" onClick={submit(false)}>
              Save as draft
            </Button>
            {mode === 'new' && (
              <Button variant="light" onClick={addToBatch} leftSection={<IconPlus size={14} />}>
                Add to batch
              </Button>
            )}
            {batch.length > 0 && (
              <Button color="teal" onClick={publishBatch}>
                Publish batch ({batch.length})
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

/** The requests gathered for one batch, before it is published. */
function BatchTable({ batch, onRemove }: { batch: RequestInput[]; onRemove: (i: number) => void }) {
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs">
        Batch: {batch.length} request(s) to publish together
      </Text>
      <Table aria-label="Batch">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Vehicles</Table.Th>
            <Table.Th>Weight</Table.Th>
            <Table.Th>Drop-offs</Table.Th>
            <Table.Th>Pickup Date</Table.Th>
            <Table.Th>Bid end</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batch.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: batch rows have no id until published
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{b.vehicleCount}</Table.Td>
              <Table.Td>{b.weightTonnes} t</Table.Td>
              <Table.Td>{b.dropoffs?.length ?? 0}</Table.Td>
              <Table.Td>{formatDateTime(new Date(b.pickupAt as string).toISOString())}</Table.Td>
              <Table.Td>{formatDateTime(new Date(b.bidEndAt as string).toISOString())}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove request ${i + 1} from the batch`} onClick={() => onRemove(i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
