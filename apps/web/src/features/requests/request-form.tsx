import { zodResolver } from '@hookform/resolvers/zod';
import { IdSelectField } from '../../components/form/id-select-field.tsx';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { Party } from '@freightdesk/shared/schemas/party';
import { KEEP_ONE_DROPOFF, type RequestInput, requestInputSchema, type TransportRequest } from '@freightdesk/shared/schemas/request';
import type { Stop } from '@freightdesk/shared/schemas/stop';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso, isoToIndiaTime } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { Page } from '../../components/layout/page.tsx';
import { useMasterOne, useOptions } from '../../components/master/use-master.ts';
import { ApiError, api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { requestToInput } from './request-input.ts';
import type { Direction } from './request-list.tsx';

const FIELDS = Object.keys(requestInputSchema.shape ?? {}).concat([
  'dropoffs',
  'carrierLinkIds',
  'bidEndAt',
  'pickupAt',
  'pickupAddressId',
]);

function useAll<T>(path: string, query: Record<string, string | number> = {}) {
  return useQuery({
    queryKey: [path, 'all', query],
    queryFn: () => api.get<ListResponse<T>>(`/${path}`, { status: 'active', pageSize: 100, ...query }).then((r) => r.data),
  });
}

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
  const plants = useOptions('plants');
  const vehicles = useQuery({
    queryKey: ['vehicle-types', 'options-all'],
    queryFn: () => api.get<{ data: { id: number; name: string }[] }>('/vehicle-types/options').then((r) => r.data),
  });
  const productList = useAll<{ id: number; name: string }>('products');
  const carriers = useOptions('carriers');
  const groups = useOptions('carrier-groups');
  const stops = useAll<Stop>('stops');
  const clients = useAll<Party>('clients');
  const vendors = useAll<Party>('vendors');
  const [error, setError] = useState<string | null>(null);
  const [times, setTimes] = useState<{ bidStartAt: string | null; bidEndAt: string | null; pickupAt: string | null }>({
    bidStartAt: null,
    bidEndAt: null,
    pickupAt: null,
  });
  const form = useForm<RequestInput>({
    resolver: zodResolver(requestInputSchema) as never,
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
  const dropoffs = useFieldArray({ control: form.control, name: 'dropoffs' as never });
  const errors = form.formState.errors;
  const loaded = useRef(false);
  useEffect(() => {
    if (source.data && !loaded.current) {
      loaded.current = true;
      const values = requestToInput(source.data, mode === 'replicate');
      form.reset(values as never);
      setTimes({
        bidStartAt: isoToIndiaTime(values.bidStartAt as string | undefined),
        bidEndAt: isoToIndiaTime(values.bidEndAt as string | undefined),
        pickupAt: isoToIndiaTime(values.pickupAt as string | undefined),
      });
    }
  }, [source.data, mode, form]);

  const addressOptions = (list: Party[] | undefined) =>
    (list ?? []).flatMap((p) => p.addresses.map((a) => ({ value: `a:${a.id}`, label: `${p.company} — ${a.label}, ${a.city}` })));
  const dropoffOptions = [
    { group: 'Client addresses', items: addressOptions(clients.data) },
    { group: 'Locations', items: (stops.data ?? []).map((s) => ({ value: `s:${s.id}`, label: `${s.name}, ${s.city}` })) },
  ];

  const removeDropoff = (i: number) => {
    if (dropoffs.fields.length === 1) {
      toast(KEEP_ONE_DROPOFF, 'error');
      return;
    }
    dropoffs.remove(i);
  };

  /** "Start bidding now": the window opens on submit and runs for the minutes given. */
  const [startNow, setStartNow] = useState(false);
  const [runMinutes, setRunMinutes] = useState<number | string>(60);
  const withWindow = (handler: (e?: React.BaseSyntheticEvent) => Promise<void>) => (e?: React.BaseSyntheticEvent) => {
    if (startNow) {
      const now = Date.now();
      form.setValue('bidStartAt', new Date(now).toISOString() as never);
      form.setValue('bidEndAt', new Date(now + (Number(runMinutes) || 0) * 60_000).toISOString() as never);
    }
    return handler(e);
  };

  const submit = (publish: boolean) =>
    withWindow(
      form.handleSubmit(async (values) => {
        setError(null);
        try {
          const body = { ...values, publish };
          const res =
            mode === 'edit'
              ? await api.put<{ data: TransportRequest }>(`/requests/${dir}/${id}`, body)
              : await api.post<{ data: TransportRequest }>(`/requests/${dir}`, body);
          toast(publish ? `Request ${res.data.number} is ${res.data.status}.` : `Draft ${res.data.number} saved.`);
          void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
          navigate(`/request/${dir}/detail/${res.data.id}`);
        } catch (err) {
          setError(applyServerErrors(err, form.setError, FIELDS));
        }
      }),
    );

  /** Keeps the checked values in the batch; the form stays filled for the next, similar load. */
  const addToBatch = withWindow(
    form.handleSubmit((values) => {
      setBatch((b) => [...b, values]);
      toast(`Added to the batch (${batch.length + 1}). Change what differs for the next load.`);
    }),
  );
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
  if (mode !== 'new' && !source.data) {
    return <Page title={title}>{null}</Page>;
  }

  const timeField = (name: 'bidStartAt' | 'bidEndAt' | 'pickupAt', label: string) => (
    <DateTimeField
      label={label}
      withAsterisk
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
      <form onSubmit={submit(true)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {mode === 'replicate' && (
            <Alert color="blue">Everything is copied from {source.data?.number}; set the new bid window and pickup date.</Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <IdSelectField control={form.control} name="plantId" label="Plant" withAsterisk data={plants.data ?? []} />
            {requestType === 2 && (
              <IdSelectField
                control={form.control}
                name="pickupAddressId"
                empty={null}
                label="Pickup (vendor address)"
                withAsterisk
                searchable
                data={addressOptions(vendors.data).map((o) => ({ ...o, value: o.value.slice(2) }))}
              />
            )}
            <IdSelectField
              control={form.control}
              name="vehicleTypeId"
              label="Vehicle type"
              withAsterisk
              searchable
              data={(vehicles.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
            />
            <NumberField control={form.control} name="vehicleCount" label="Number of vehicles" withAsterisk min={1} allowDecimal={false} />
            <NumberField control={form.control} name="weightTonnes" label="Weight (t)" withAsterisk min={0} decimalScale={2} />
            <IdSelectField
              control={form.control}
              name="productId"
              empty={null}
              label="Product"
              clearable
              data={(productList.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            />
            <NumberField control={form.control} name="targetPriceRupees" label="Target price (INR)" min={0} decimalScale={2} />
            {startNow ? (
              <NumberInput
                label="Bidding runs for (minutes)"
                description={errors.bidEndAt?.message ? undefined : 'Opens as soon as you publish'}
                withAsterisk
                min={1}
                max={7 * 24 * 60}
                allowDecimal={false}
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

          {requestType === 1 && (
            <Paper withBorder p="md">
              <Group justify="space-between" mb="xs">
                <Text fw={600}>
                  Drop-off addresses <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
                </Text>
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => dropoffs.append({} as never)}>
                  Add drop-off
                </Button>
              </Group>
              {errors.dropoffs?.message && (
                <Text c="red" size="sm">
                  {errors.dropoffs.message}
                </Text>
              )}
              {dropoffs.fields.map((f, i) => (
                <Group key={f.id} align="flex-end" mb="xs" wrap="nowrap">
                  <Controller
                    control={form.control}
                    name={`dropoffs.${i}` as never}
                    render={({ field }) => {
                      const v = field.value as { addressId?: number; stopId?: number } | undefined;
                      const value = v?.addressId ? `a:${v.addressId}` : v?.stopId ? `s:${v.stopId}` : null;
                      return (
                        <Select
                          label={`Drop-off ${i + 1}`}
                          searchable
                          style={{ flex: 1 }}
                          data={dropoffOptions}
                          value={value}
                          onChange={(x) =>
                            field.onChange(
                              x?.startsWith('a:') ? { addressId: Number(x.slice(2)) } : x ? { stopId: Number(x.slice(2)) } : {},
                            )
                          }
                        />
                      );
                    }}
                  />
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove drop-off ${i + 1}`} onClick={() => removeDropoff(i)} mb={6}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Paper>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="carrierLinkIds"
              render={({ field }) => (
                <MultiSelect
                  label="Invite carriers"
                  searchable
                  data={carriers.data ?? []}
                  value={(field.value ?? []).map(String)}
                  onChange={(v) => field.onChange(v.map(Number))}
                  error={errors.carrierLinkIds?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="groupIds"
              render={({ field }) => (
                <MultiSelect
                  label="Invite carrier groups"
                  data={groups.data ?? []}
                  value={(field.value ?? []).map(String)}
                  onChange={(v) => field.onChange(v.map(Number))}
                />
              )}
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
          <Textarea label="Remarks" autosize minRows={2} {...form.register('remarks')} />
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
