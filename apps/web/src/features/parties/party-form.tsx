import { ActionIcon, Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { type Party, type PartyInput, type PartyKind, partyInputSchema } from '@freightdesk/shared/schemas/party';
import { NumberField } from '../../components/form/number-field.tsx';
import { CoordinatePicker } from '../../components/map/coordinate-picker.tsx';
import { StateCityFields } from '../../components/form/state-city-fields.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';

const EMPTY_ADDRESS = {
  label: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  latitude: undefined as unknown as number,
  longitude: undefined as unknown as number,
};

/** Address `i`: its name, street, state and city, PIN code and position (typed or picked on the map). */
function AddressCard({ form, i, count, onRemove }: { form: UseFormReturn<PartyInput>; i: number; count: number; onRemove: () => void }) {
  const e = form.formState.errors.addresses?.[i];
  return (
    <Paper withBorder p="sm" mb="sm" bg="gray.0">
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={500}>
          Address {i + 1}
        </Text>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove address ${i + 1}`} onClick={onRemove} disabled={count === 1}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput label="Address name" withAsterisk {...form.register(`addresses.${i}.label`)} error={e?.label?.message} />
        <TextInput label="Address" withAsterisk {...form.register(`addresses.${i}.address`)} error={e?.address?.message} />
        <StateCityFields control={form.control} state={`addresses.${i}.state`} city={`addresses.${i}.city`} required />
        <TextInput label="PIN code" withAsterisk maxLength={6} {...form.register(`addresses.${i}.pincode`)} error={e?.pincode?.message} />
        {(['latitude', 'longitude'] as const).map((k) => (
          <NumberField
            key={k}
            control={form.control}
            name={`addresses.${i}.${k}`}
            label={k === 'latitude' ? 'Latitude' : 'Longitude'}
            withAsterisk
            negative
          />
        ))}
      </SimpleGrid>
      <CoordinatePicker form={form} lat={`addresses.${i}.latitude`} lng={`addresses.${i}.longitude`} />
    </Paper>
  );
}

function Addresses({ form }: { form: UseFormReturn<PartyInput> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'addresses' });
  const errors = form.formState.errors.addresses;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>
          Addresses <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => append(EMPTY_ADDRESS)}>
          Add address
        </Button>
      </Group>
      {errors?.message && (
        <Text c="red" size="sm">
          {errors.message}
        </Text>
      )}
      {fields.map((field, i) => (
        <AddressCard key={field.id} form={form} i={i} count={fields.length} onRemove={() => remove(i)} />
      ))}
    </Paper>
  );
}

function Contacts({ form }: { form: UseFormReturn<PartyInput> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contacts' });
  const errors = form.formState.errors.contacts;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>People</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ name: '', designation: '', mobile: '', email: '' })}
        >
          Add person
        </Button>
      </Group>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No other people yet.
        </Text>
      )}
      {fields.map((field, i) => (
        <Group key={field.id} align="flex-end" mb="xs" wrap="nowrap">
          <TextInput label="Name" withAsterisk {...form.register(`contacts.${i}.name`)} error={errors?.[i]?.name?.message} />
          <TextInput label="Designation" {...form.register(`contacts.${i}.designation`)} error={errors?.[i]?.designation?.message} />
          <TextInput label="Mobile" maxLength={10} {...form.register(`contacts.${i}.mobile`)} error={errors?.[i]?.mobile?.message} />
          <TextInput label="Email" {...form.register(`contacts.${i}.email`)} error={errors?.[i]?.email?.message} />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove person ${i + 1}`} onClick={() => remove(i)} mb={6}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Paper>
  );
}

/** Add or edit a client or vendor, with one or more addresses and the people there. */
export function PartyFormPage({ kind }: { kind: PartyKind }) {
  const base = `/${kind}`;
  return (
    <MasterFormPage<PartyInput, Party>
      title={kind}
      api={`${kind}s`}
      listPath={base}
      schema={partyInputSchema}
      after={(p) => `${base}/view/${p.id}`}
      defaults={{ company: '', gstin: '', contactName: '', mobile: '', email: '', addresses: [EMPTY_ADDRESS], contacts: [] }}
      toForm={(p) => ({
        ...p,
        gstin: p.gstin ?? '',
        email: p.email ?? '',
        contacts: p.contacts.map((c) => ({ ...c, designation: c.designation ?? '', mobile: c.mobile ?? '', email: c.email ?? '' })),
      })}
    >
      {(form) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label="Company name" withAsterisk {...form.register('company')} error={form.formState.errors.company?.message} />
            <TextInput label="GSTIN" maxLength={15} {...form.register('gstin')} error={form.formState.errors.gstin?.message} />
            <TextInput
              label="Contact person"
              withAsterisk
              {...form.register('contactName')}
              error={form.formState.errors.contactName?.message}
            />
            <TextInput
              label="Mobile"
              withAsterisk
              maxLength={10}
              {...form.register('mobile')}
              error={form.formState.errors.mobile?.message}
            />
            <TextInput label="Email" {...form.register('email')} error={form.formState.errors.email?.message} />
          </SimpleGrid>
          <Addresses form={form} />
          <Contacts form={form} />
        </>
      )}
    </MasterFormPage>
  );
}
