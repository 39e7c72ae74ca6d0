import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type Plant, type PlantInput, type PlantInputParsed, plantInputSchema } from '@freightdesk/shared/schemas/plant';
import { toast } from '../../../components/feedback/feedback.tsx';
import { FormErrorAlert } from '../../../components/form/form-alert.tsx';
import { StaleAlert } from '../../../components/form/stale-alert.tsx';
import { useEditRecord } from '../../../components/master/use-edit-record.ts';
import { IdSelectField } from '../../../components/form/id-select-field.tsx';
import { NumberField } from '../../../components/form/number-field.tsx';
import { atPlanLimit, PlanLimitNotice, usePlanUsage } from '../../../components/form/plan-usage.tsx';
import { requiredMessages } from '../../../components/form/required-fields.ts';
import { type FormAlert, serverFormError } from '../../../components/form/server-errors.ts';
import { Page } from '../../../components/layout/page.tsx';
import { CoordinatePicker } from '../../../components/map/coordinate-picker.tsx';
import { StateCityFields } from '../../../components/form/state-city-fields.tsx';
import { ApiError, isStale } from '../../../lib/api.ts';
import { useBusinessUnitOptions } from '../api/get-business-unit-options.ts';
import { usePlant } from '../api/get-plant.ts';
import { useUpdatePlant } from '../api/update-plant.ts';
import { useCreatePlant } from '../api/create-plant.ts';
import { PLANT_FIELDS, PLANT_LABELS as L } from '../plant-fields.ts';

const EMPTY: DefaultValues<PlantInput> = {
  name: '',
  code: '',
  gstin: '',
  businessUnitId: null,
  address: '',
  city: '',
  state: '',
  country: 'India',
  pincode: '',
  geofenceRadius: 500,
  contactName: '',
  contactMobile: '',
};

/** The form's values of a saved plant (only the input fields; empty strings for missing text). */
function toForm(p: Plant): DefaultValues<PlantInput> {
  const values: Record<string, unknown> = {};
  for (const key of PLANT_FIELDS) {
    values[key] = p[key] ?? (key === 'businessUnitId' ? null : '');
  }
  return values as DefaultValues<PlantInput>;
}

const resolver = zodResolver(plantInputSchema, requiredMessages(L));

/** `plant`: the saved plant as loaded fresh; its `updatedAt` is the version the save sends (If-Match). */
function PlantForm({ plant, onReload }: { plant?: Plant; onReload?: () => Promise<void> }) {
  const navigate = useNavigate();
  const units = useBusinessUnitOptions();
  const create = useCreatePlant();
  const update = useUpdatePlant(plant?.id ?? 0);
  const usage = usePlanUsage();
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<PlantInput, unknown, PlantInputParsed>({ resolver, defaultValues: plant ? toForm(plant) : EMPTY });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const atLimit = !plant && atPlanLimit(usage.data, 'plants');

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setStale(null);
    try {
      const saved = plant ? await update.mutateAsync({ body: values, ifMatch: plant.updatedAt }) : await create.mutateAsync(values);
      toast(plant ? 'Plant saved.' : 'Plant added.');
      navigate(`/plant/view/${saved.id}`);
    } catch (err) {
      if (isStale(err)) {
        setStale(err.message);
        return;
      }
      setAlert(serverFormError(err, form.setError, PLANT_FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={plant ? 'Edit plant' : 'Add plant'}>
      <Stack>
        {!plant && !alert && <PlanLimitNotice kind="plants" />}
        {stale && onReload && <StaleAlert message={stale} onReload={onReload} />}
        <FormErrorAlert error={alert} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput label={L.name} withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label={L.code} withAsterisk {...register('code')} error={errors.code?.message} />
          <TextInput
            label={L.gstin}
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
            label={L.businessUnitId}
            placeholder="None"
            clearable
            data={units.data ?? []}
          />
        </SimpleGrid>
        <Textarea label={L.address} withAsterisk autosize minRows={2} {...register('address')} error={errors.address?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <StateCityFields control={control} state="state" city="city" required />
          <TextInput label={L.country} withAsterisk {...register('country')} error={errors.country?.message} />
          <TextInput
            label={L.pincode}
            withAsterisk
            maxLength={6}
            inputMode="numeric"
            {...register('pincode')}
            error={errors.pincode?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField control={control} name="latitude" label={L.latitude} withAsterisk negative />
          <NumberField control={control} name="longitude" label={L.longitude} withAsterisk negative />
          <NumberField control={control} name="geofenceRadius" label={L.geofenceRadius} decimals={0} />
        </SimpleGrid>
        <CoordinatePicker form={form} lat="latitude" lng="longitude" />
        <Title order={4} size="h5" mt="xs">
          Contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.contactName} {...register('contactName')} error={errors.contactName?.message} />
          <TextInput
            label={L.contactMobile}
            maxLength={10}
            inputMode="tel"
            {...register('contactMobile')}
            error={errors.contactMobile?.message}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={formState.isSubmitting} disabled={atLimit}>
            {plant ? 'Save plant' : 'Add plant'}
          </Button>
          <Button component={Link} to={plant ? `/plant/view/${plant.id}` : '/plant'} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add (`/plant/add` [add-plant]) and edit (`/plant/edit/:id` [edit-plant]) a plant. */
export function PlantFormPage() {
  const id = Number(useParams().id) || 0;
  const query = usePlant(id);
  // The plant as loaded fresh for this form (and again on Reload after a refused stale save).
  const [plant, setPlant] = useState<Plant>();
  const record = useEditRecord(query, setPlant, id > 0);
  if (!id) {
    return (
      <Page title="Add plant">
        <PlantForm />
      </Page>
    );
  }
  if (query.error) {
    const message = query.error instanceof ApiError ? query.error.message : 'The plant could not be loaded.';
    return (
      <Page title="Edit plant">
        <Alert color="red" role="alert">
          {message}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title="Edit plant">
      {plant ? (
        // Keyed so that another plant's edit page (or the reloaded plant) starts from its own values.
        <PlantForm key={`${plant.id}-${plant.updatedAt}`} plant={plant} onReload={record.reload} />
      ) : (
        <Center h={200}>
          <Loader size="sm" aria-label="Loading" />
        </Center>
      )}
    </Page>
  );
}
