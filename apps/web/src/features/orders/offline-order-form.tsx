import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type OfflineOrderInput, type Order, offlineOrderInputSchema } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { IdSelectField } from '../../components/form/id-select-field.tsx';
import { NumberField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { Page } from '../../components/layout/page.tsx';
import { useOptions } from '../../components/master/use-master.ts';
import { api } from '../../lib/api.ts';

const FIELDS = Object.keys(offlineOrderInputSchema.shape);

/** `/offline/{dir}/order/new`: a load agreed outside the platform, with carrier and price typed in. */
export function OfflineOrderForm({ dir }: { dir: 'outbound' | 'inbound' }) {
  const navigate = useNavigate();
  const plants = useOptions('plants');
  const carriers = useOptions('carriers');
  const vehicles = useQuery({
    queryKey: ['vehicle-types', 'options-all'],
    queryFn: () => api.get<{ data: { id: number; name: string }[] }>('/vehicle-types/options').then((r) => r.data),
  });
  const [pickup, setPickup] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OfflineOrderInput>({
    resolver: zodResolver(offlineOrderInputSchema) as never,
    defaultValues: { priceBasis: 'trip', vehicleNumber: '', driverName: '', driverMobile: '' },
  });
  const errors = form.formState.errors;
  const select = (name: 'plantId' | 'carrierLinkId' | 'vehicleTypeId', label: string, data: { value: string; label: string }[]) => (
    <IdSelectField control={form.control} name={name} label={label} withAsterisk searchable data={data} />
  );
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await api.post<{ data: Order }>(`/offline-orders/${dir}`, values);
      toast(`Offline order ${res.data.number} recorded.`);
      navigate(`/offline/${dir}/order/${res.data.id}`);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Page title={`New offline ${dir} order`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {select('carrierLinkId', 'Carrier', carriers.data ?? [])}
            {select('plantId', 'Plant', plants.data ?? [])}
            {select(
              'vehicleTypeId',
              'Vehicle type',
              (vehicles.data ?? []).map((v) => ({ value: String(v.id), label: v.name })),
            )}
            <NumberField control={form.control} name="priceRupees" label="Price (INR)" withAsterisk min={0} decimalScale={2} />
            <Controller
              control={form.control}
              name="priceBasis"
              render={({ field }) => (
                <Select
                  label="Price basis"
                  data={[
                    { value: 'trip', label: 'Per trip' },
                    { value: 'tonne', label: 'Per tonne' },
                  ]}
                  value={field.value ?? 'trip'}
                  onChange={field.onChange}
                  allowDeselect={false}
                />
              )}
            />
            <DateTimeField
              label="Pickup Date"
              withAsterisk
              value={pickup}
              onChange={(v) => {
                setPickup(v);
                form.setValue('pickupAt', indiaTimeToIso(v) as never);
              }}
              error={errors.pickupAt?.message}
            />
            <TextInput label="Vehicle number" {...form.register('vehicleNumber')} error={errors.vehicleNumber?.message} />
            <TextInput label="Driver name" {...form.register('driverName')} error={errors.driverName?.message} />
            <TextInput label="Driver mobile" maxLength={10} {...form.register('driverMobile')} error={errors.driverMobile?.message} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Record order
            </Button>
            <Button component={Link} to={`/offline/${dir}/order`} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
