import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type PlatformBillingInput, platformBillingSchema } from '@freightdesk/shared/schemas/plan-billing';
import { toast } from '../../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { StateCityFields } from '../../../components/form/state-city-fields.tsx';
import { usePlatformBilling, useSavePlatformBilling } from '../api/platform-billing.ts';

const EMPTY: PlatformBillingInput = {
  legalName: '',
  gstin: '',
  pan: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  bankAccountName: '',
  bankAccountNumber: '',
  bankIfsc: '',
  bankName: '',
};
const FIELDS = Object.keys(EMPTY);

/**
 * The platform's own tax and bank details (issue 33): the supplier on every plan's tax invoice and
 * the account shippers are told to pay plans to. `GET`/`PUT /api/admin/platform-billing`.
 */
export function PlatformBillingCard() {
  const save = useSavePlatformBilling();
  const [error, setError] = useState<string | null>(null);
  const saved = usePlatformBilling();
  const form = useForm<PlatformBillingInput>({ resolver: zodResolver(platformBillingSchema) as never, defaultValues: EMPTY });
  useEffect(() => {
    form.reset(saved.data ?? EMPTY);
  }, [form, saved.data]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save(values);
      toast('Bank and tax details saved.');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Card withBorder component="section" aria-label="Platform bank and tax details" mb="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>Platform bank and tax details</Title>
          <Text size="sm" c="dimmed">
            {saved.data === null
              ? 'Shippers cannot pay for a plan until these are set: their payment instructions show this account.'
              : 'Shippers pay plans to this account; every plan tax invoice states these details as they are when it is issued.'}
          </Text>
          {error && <Alert color="red">{error}</Alert>}
          <BillingFields form={form} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
              Save bank and tax details
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function BillingFields({ form }: { form: ReturnType<typeof useForm<PlatformBillingInput>> }) {
  const { register, control } = form;
  const errors = form.formState.errors;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <TextInput label="Legal name" withAsterisk {...register('legalName')} error={errors.legalName?.message} />
      <TextInput label="GSTIN" withAsterisk maxLength={15} {...register('gstin')} error={errors.gstin?.message} />
      <TextInput label="PAN" withAsterisk maxLength={10} {...register('pan')} error={errors.pan?.message} />
      <TextInput label="Address" withAsterisk {...register('address')} error={errors.address?.message} />
      <StateCityFields control={control} state="state" city="city" required />
      <TextInput label="PIN code" withAsterisk maxLength={6} {...register('pincode')} error={errors.pincode?.message} />
      <TextInput label="Account name" withAsterisk {...register('bankAccountName')} error={errors.bankAccountName?.message} />
      <TextInput
        label="Account number"
        withAsterisk
        inputMode="numeric"
        maxLength={24}
        {...register('bankAccountNumber')}
        error={errors.bankAccountNumber?.message}
      />
      <TextInput label="IFSC" withAsterisk maxLength={13} {...register('bankIfsc')} error={errors.bankIfsc?.message} />
      <TextInput label="Bank name" withAsterisk {...register('bankName')} error={errors.bankName?.message} />
    </SimpleGrid>
  );
}
