import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { type DefaultValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type Plant, type PlantInput, plantInputSchema } from '@freightdesk/shared/schemas/plant';
import { toast } from '../../../components/feedback/feedback.tsx';
import { EditFormAlerts } from '../../../components/form/edit-form-alerts.tsx';
import { useEditForm } from '../../../components/form/use-edit-form.ts';
import { useEditRecord } from '../../../components/master/use-edit-record.ts';
import { IdSelectField } from '../../../components/form/id-select-field.tsx';
import { NumberField } from '../../../components/form/number-field.tsx';
import { atPlanLimit, PlanLimitNotice } from '../../../components/form/plan-usage.tsx';
import { usePlanUsage } from '../../../lib/api/plan-usage.ts';
import { requiredMessages } from '../../../components/form/required-fields.ts';
import { Page } from '../../../components/layout/page.tsx';
import { CoordinatePicker } from '../../../components/map/coordinate-picker.tsx';
import { StateCityFields } from '../../../components/form/state-city-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
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

type PlantFormValues = UseFormReturn<PlantInput>;

/**
 * The form and its submit: adds, or saves with the loaded `updatedAt` as If-Match (useEditForm
 * shows a 409 STALE with Reload, field errors on their fields); a saved plant opens its page.
 */
function usePlantForm(plant: Plant | undefined, onReload: (() => Promise<void>) | undefined) {
  const navigate = useNavigate();
  const create = useCreatePlant();
  const update = useUpdatePlant(plant?.id ?? 0);
  const form = useForm<PlantInput>({
    resolver,
    defaultValues: plant ? toForm(plant) : EMPTY,
    // The error summary brings the first bad field into view.
    shouldFocusError: false,
  });
  const edit = useEditForm(form, {
    save: (values: PlantInput) => (plant ? update.mutateAsync({ body: values, ifMatch: plant.updatedAt }) : create.mutateAsync(values)),
    onSaved: (saved) => {
      toast(plant ? 'Plant saved.' : 'Plant added.');
      navigate(`/plant/view/${saved.id}`);
    },
    reload: onReload ?? noReload,
    fields: PLANT_FIELDS,
  });
  return { form, edit };
}

const noReload = async () => undefined;

/** Name, code, GSTIN and business unit; the address; the location and geofence. */
function PlantPlaceFields({ form }: { form: PlantFormValues }) {
  const units = useBusinessUnitOptions();
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <>
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
    </>
  );
}

/** The plant's contact person. */
function PlantContactFields({ form }: { form: PlantFormValues }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
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
    </>
  );
}

/** `plant`: the saved plant as loaded fresh; its `updatedAt` is the version the save sends (If-Match). */
function PlantForm({ plant, onReload }: { plant?: Plant; onReload?: () => Promise<void> }) {
  const usage = usePlanUsage();
  const { form, edit } = usePlantForm(plant, onReload);
  const atLimit = !plant && atPlanLimit(usage.data, 'plants');
  return (
    <form ref={edit.summary.formRef} onSubmit={edit.submit} noValidate aria-label={plant ? 'Edit plant' : 'Add plant'}>
      <Stack>
        {!plant && !edit.alert && <PlanLimitNotice kind="plants" />}
        <EditFormAlerts edit={edit} serverErrorsAtFields />
        <PlantPlaceFields form={form} />
        <PlantContactFields form={form} />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting} disabled={atLimit}>
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
