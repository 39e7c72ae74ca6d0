import { ActionIcon, Button, Group, Paper, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type FieldValues, get, type UseFieldArrayReturn, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { KEEP_ONE_DROPOFF } from '@freightdesk/shared/schemas/request';
import { toast } from '../feedback/feedback.tsx';
import type { SourceName } from './option-sources.ts';
import { ServerSelect } from './server-select.tsx';
import { optionValue, parseOptionValue } from './use-server-options.ts';

/** A drop-off is a client address or one of the shipper's locations: one picker searches both. */
const DROPOFF_SOURCES = ['clientAddresses', 'stops'] as const satisfies readonly SourceName[];
type Dropoff = { addressId?: number; stopId?: number };
type DropoffValues = { dropoffs: Dropoff[] };

const toValue = (d: Dropoff | undefined): string | null =>
  d?.addressId
    ? optionValue(DROPOFF_SOURCES, 'clientAddresses', d.addressId)
    : d?.stopId
      ? optionValue(DROPOFF_SOURCES, 'stops', d.stopId)
      : null;

function toDropoff(value: string | null): Dropoff {
  const parsed = value ? parseOptionValue(DROPOFF_SOURCES, value) : null;
  if (!parsed) {
    return {};
  }
  return parsed.source === 'clientAddresses' ? { addressId: parsed.id } : { stopId: parsed.id };
}

const messageAt = (errors: object, path: string) => (get(errors, path) as { message?: string } | undefined)?.message;

type DropoffArray = UseFieldArrayReturn<DropoffValues, 'dropoffs'>;

/** Move drop-off `i` up or down the unloading order. */
function MoveButtons({ i, count, dropoffs }: { i: number; count: number; dropoffs: DropoffArray }) {
  return (
    <>
      <ActionIcon
        variant="subtle"
        aria-label={`Move drop-off ${i + 1} up`}
        disabled={i === 0}
        onClick={() => dropoffs.move(i, i - 1)}
        mt={30}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move drop-off ${i + 1} down`}
        disabled={i === count - 1}
        onClick={() => dropoffs.move(i, i + 1)}
        mt={30}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </>
  );
}

/** Drop-off `i`'s picker, its error taken from the drop-off or either of its ids. */
function DropoffPicker({ form, i }: { form: UseFormReturn<DropoffValues>; i: number }) {
  const errors = form.formState.errors;
  return (
    <Controller
      control={form.control}
      name={`dropoffs.${i}`}
      render={({ field }) => (
        <ServerSelect
          source={DROPOFF_SOURCES}
          label={`Drop-off ${i + 1}`}
          placeholder="Type a client, address, location or city"
          style={{ flex: 1 }}
          data-path={`dropoffs.${i}`}
          ref={field.ref}
          value={toValue(field.value)}
          onChange={(v) => field.onChange(toDropoff(v))}
          onBlur={field.onBlur}
          error={
            messageAt(errors, `dropoffs.${i}`) ?? messageAt(errors, `dropoffs.${i}.addressId`) ?? messageAt(errors, `dropoffs.${i}.stopId`)
          }
        />
      )}
    />
  );
}

/** The heading with its Add button, and the list's own error (none at all). */
function DropoffHeading({ dropoffs, listError }: { dropoffs: DropoffArray; listError: string | undefined }) {
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Text fw={600} id="dropoffs-heading">
          Drop-off addresses <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => dropoffs.append({})}
          data-path="dropoffs"
          data-label="Drop-off addresses"
        >
          Add drop-off
        </Button>
      </Group>
      {listError && (
        <Text c="red" size="sm" mb="xs">
          {listError}
        </Text>
      )}
    </>
  );
}

/**
 * The drop-offs of a form holding `dropoffs` (a request, an offline order), in the order the
 * vehicle unloads: add, remove, move up or down; at least one stays (the spec's alert).
 */
export function DropoffList<V extends FieldValues & { dropoffs?: Dropoff[] }>({ form: typed }: { form: UseFormReturn<V> }) {
  // Every form that uses this list holds `dropoffs` as above; the field array needs the concrete shape.
  const form = typed as unknown as UseFormReturn<DropoffValues>;
  const dropoffs = useFieldArray({ control: form.control, name: 'dropoffs' });
  const errors = form.formState.errors;
  // The list's own error (none at all) sits on the array or, for a field array, under `root`.
  const listError = errors.dropoffs?.message ?? errors.dropoffs?.root?.message;
  const count = dropoffs.fields.length;
  const remove = (i: number) => {
    if (count === 1) {
      toast(KEEP_ONE_DROPOFF, 'error');
      return;
    }
    dropoffs.remove(i);
  };
  return (
    <Paper withBorder p="md">
      <DropoffHeading dropoffs={dropoffs} listError={listError} />
      {dropoffs.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" mb="xs" wrap="nowrap" gap="xs">
          <DropoffPicker form={form} i={i} />
          {count > 1 && <MoveButtons i={i} count={count} dropoffs={dropoffs} />}
          <ActionIcon variant="subtle" color="red" aria-label={`Remove drop-off ${i + 1}`} onClick={() => remove(i)} mt={30}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Paper>
  );
}
