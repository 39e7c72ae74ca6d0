import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PAST_GRACE_MINUTES } from '@freightdesk/shared/constants';
import { type OfflineOrderInput, type Order, offlineOrderInputSchema } from '@freightdesk/shared/schemas/order';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso } from '../../components/form/date-time.ts';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { MoneyField } from '../../components/form/number-field.tsx';
import { PickerField } from '../../components/form/picker-fields.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { Page } from '../../components/layout/page.tsx';
import { api } from '../../lib/api.ts';

const FIELDS = Object.keys(offlineOrderInputSchema.shape);
const PAST_PICKUP_QUESTION = 'This pickup is in the past: record it anyway?';

/** `/offline/{dir}/order/new`: a load agreed outside the platform, with carrier and price typed in. */
export function OfflineOrderForm({ dir }: { dir: 'outbound' | 'inbound' }) {
  const navigate = useNavigate();
  const [pickup, setPickup] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<OfflineOrderInput>({
    resolver: zodResolver(offlineOrderInputSchema) as never,
    defaultValues: { priceBasis: 'trip', vehicleNumber: '', driverName: '', driverMobile: '' },
    // The error summary brings the first bad field (in page order) into view itself.
    shouldFocusError: false,
  });
  const summary = useErrorSummary(form);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    // An offline order records a load that may have moved already, so the past is allowed: asked, not refused.
    const past = new Date(values.pickupAt as string).getTime() < Date.now() - PAST_GRACE_MINUTES * 60_000;
    if (past && !(await confirmAction(PAST_PICKUP_QUESTION, 'Record it'))) {
      return;
    }
    try {
      const res = await api.post<{ data: Order }>(`/offline-orders/${dir}`, values);
      toast(`Offline order ${res.data.number} recorded.`);
      navigate(`/offline/${dir}/order/${res.data.id}`);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
      summary.reveal();
    }
  }, summary.onInvalid);
  return (
    <Page title={`New offline ${dir} order`}>
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <FormErrorSummary summary={summary} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <PickerField control={form.control} name="carrierLinkId" source="carriers" label="Carrier" withAsterisk />
            <PickerField control={form.control} name="plantId" source="plants" label="Plant" withAsterisk />
            <PickerField control={form.control} name="vehicleTypeId" source="vehicleTypes" label="Vehicle type" withAsterisk />
            <MoneyField control={form.control} name="priceRupees" label="Price (INR)" withAsterisk />
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
