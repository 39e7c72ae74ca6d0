import { zodResolver } from '@hookform/resolvers/zod';
import { IdSelectField } from '../../../components/form/id-select-field.tsx';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type PlantInput, plantInputSchema } from '@freightdesk/shared/schemas/plant';
import { toast } from '../../../components/feedback/feedback.tsx';
import { atPlanLimit, PlanLimitNotice, usePlanUsage } from '../../../components/form/plan-usage.tsx';
import { applyServerErrors } from '../../../components/form/server-errors.ts';
import { CoordinatePicker } from '../../../components/map/coordinate-picker.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { useBusinessUnitOptions, usePlant, useSavePlant } from '../api/plants.ts';

const FIELDS = Object.keys(plantInputSchema.shape);
const EMPTY: PlantInput = {
  name: '',
  code: '',
  gstin: '',
  businessUnitId: null,
  address: '',
  city: '',
  state: '',
  country: 'India',
  pincode: '',
  latitude: undefined as unknown as number,
  longitude: undefined as unknown as number,
  geofenceRadius: 500,
  contactName: '',
  contactMobile: '',
};

/** Add (`/plant/add`) and edit (`/plant/edit/:id`) a plant. */
export function PlantFormPage() {
  const id = Number(useParams().id) || undefined;
  const navigate = useNavigate();
  const existing = usePlant(id ?? 0);
  const units = useBusinessUnitOptions();
  const save = useSavePlant(id);
  const usage = usePlanUsage();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PlantInput>({ resolver: zodResolver(plantInputSchema), defaultValues: EMPTY });
  const { register, control, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (id && existing.data) {
      const p = existing.data;
      form.reset({ ...p, contactName: p.contactName ?? '', contactMobile: p.contactMobile ?? '' });
    }
  }, [id, existing.data, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const plant = await save.mutateAsync(values);
      toast(id ? 'Plant saved.' : 'Plant added.');
      navigate(`/plant/view/${plant.id}`);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });

  const atLimit = !id && atPlanLimit(usage.data, 'plants');
  const num = (name: 'latitude' | 'longitude' | 'geofenceRadius', label: string, extra: object = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          withAsterisk={name !== 'geofenceRadius'}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
          onBlur={field.onBlur}
          error={errors[name]?.message}
          {...extra}
        />
      )}
    />
  );

  return (
    <Page title={id ? 'Edit plant' : 'Add plant'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {!id && <PlanLimitNotice kind="plants" />}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label="Plant name" withAsterisk {...register('name')} error={errors.name?.message} />
            <TextInput label="Plant code" withAsterisk {...register('code')} error={errors.code?.message} />
            <TextInput
              label="GSTIN"
              withAsterisk
              maxLength={15}
              styles={{ input: { textTransform: 'uppercase' } }}
              {...register('gstin')}
              error={errors.gstin?.message}
            />
            <IdSelectField
              control={control}
              name="businessUnitId"
              empty={null}
              label="Business unit"
              placeholder="None"
              clearable
              data={(units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            />
          </SimpleGrid>
          <Textarea label="Address" withAsterisk autosize minRows={2} {...register('address')} error={errors.address?.message} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput label="City" withAsterisk {...register('city')} error={errors.city?.message} />
            <TextInput label="State" withAsterisk {...register('state')} error={errors.state?.message} />
            <TextInput label="Country" withAsterisk {...register('country')} error={errors.country?.message} />
            <TextInput label="PIN code" withAsterisk maxLength={6} {...register('pincode')} error={errors.pincode?.message} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {num('latitude', 'Latitude', { decimalScale: 6, min: -90, max: 90 })}
            {num('longitude', 'Longitude', { decimalScale: 6, min: -180, max: 180 })}
            {num('geofenceRadius', 'Geofence radius (m)', { allowDecimal: false, min: 50, max: 50000 })}
          </SimpleGrid>
          <CoordinatePicker form={form} lat="latitude" lng="longitude" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Contact name" {...register('contactName')} error={errors.contactName?.message} />
            <TextInput label="Contact mobile" maxLength={10} {...register('contactMobile')} error={errors.contactMobile?.message} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={formState.isSubmitting} disabled={atLimit}>
              {id ? 'Save plant' : 'Add plant'}
            </Button>
            <Button component={Link} to={id ? `/plant/view/${id}` : '/plant'} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
