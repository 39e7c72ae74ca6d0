import { ActionIcon, Alert, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, type FieldErrors, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import {
  type BooksSettings,
  type ColumnTemplate,
  type columnTemplateSchema,
  SHEET_DATE_FIELDS,
  SHEET_DATE_FORMATS,
} from '@freightdesk/shared/schemas/column-sheet';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { ApiError } from '../../lib/api.ts';
import { deleteColumnTemplate, saveColumnTemplate, type TemplateKind } from './api/books-settings.ts';

type Template = ColumnTemplate<string>;
type Form = UseFormReturn<Template>;
const KNOWN = ['columns', 'delimiter', 'headerRow', 'fileType'];
const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: '|', label: 'Pipe (|)' },
];

type Props = {
  /** `bank-template` or `ledger-template`: the path it is saved to. */
  kind: TemplateKind;
  title: string;
  hint: string;
  schema: ReturnType<typeof columnTemplateSchema>;
  fields: Record<string, string>;
  saved: Template | null;
  fallback: Template;
  onSaved: (settings: BooksSettings) => void;
};

/** A column's field, header name and, as the field asks, its date format or its fixed text. */
function ColumnFields({ form, index, fields }: { form: Form; index: number; fields: Record<string, string> }) {
  const errors = form.formState.errors.columns?.[index] as FieldErrors<Template['columns'][number]> | undefined;
  const field = form.watch(`columns.${index}.field`);
  const options = Object.entries(fields).map(([value, label]) => ({ value, label }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
      <Controller
        control={form.control}
        name={`columns.${index}.field`}
        render={({ field: f }) => (
          <Select
            label={`Column ${index + 1}`}
            data={options}
            value={f.value}
            onChange={(v) => f.onChange(v ?? '')}
            allowDeselect={false}
            error={errors?.field?.message}
          />
        )}
      />
      <TextInput
        label="Header"
        placeholder={fields[field] ?? ''}
        {...form.register(`columns.${index}.header`)}
        error={errors?.header?.message}
      />
      {field === 'text' && <TextInput label="Text" {...form.register(`columns.${index}.text`)} error={errors?.text?.message} />}
      {SHEET_DATE_FIELDS.includes(field) && (
        <Controller
          control={form.control}
          name={`columns.${index}.dateFormat`}
          render={({ field: f }) => (
            <Select
              label="Date format"
              data={[...SHEET_DATE_FORMATS]}
              value={f.value ?? 'DD/MM/YYYY'}
              onChange={(v) => f.onChange(v ?? undefined)}
              allowDeselect={false}
              error={errors?.dateFormat?.message}
            />
          )}
        />
      )}
    </SimpleGrid>
  );
}

/** The file's settings: the separator and whether the first row names the columns. */
function FileFields({ form }: { form: Form }) {
  const errors = form.formState.errors;
  return (
    <Group align="flex-end">
      <Controller
        control={form.control}
        name="delimiter"
        render={({ field }) => (
          <Select
            label="Separator"
            data={DELIMITERS}
            value={field.value}
            onChange={(v) => field.onChange(v ?? ',')}
            allowDeselect={false}
            error={errors.delimiter?.message}
            w={160}
          />
        )}
      />
      <Controller
        control={form.control}
        name="headerRow"
        render={({ field }) => (
          <Switch label="Header row" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} mb={8} />
        )}
      />
    </Group>
  );
}

/** The ordered columns: each can move up or down or go; a column is added at the end. */
function ColumnList({ form, fields }: { form: Form; fields: Record<string, string> }) {
  const columns = useFieldArray({ control: form.control, name: 'columns' });
  const listError = form.formState.errors.columns?.message ?? form.formState.errors.columns?.root?.message;
  return (
    <Stack gap="xs">
      {columns.fields.map((c, i) => (
        <Group key={c.id} align="flex-end" wrap="nowrap" gap="xs">
          <ColumnFields form={form} index={i} fields={fields} />
          <ActionIcon
            variant="default"
            aria-label={`Move column ${i + 1} up`}
            disabled={i === 0}
            onClick={() => columns.move(i, i - 1)}
            mb={4}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`Move column ${i + 1} down`}
            disabled={i === columns.fields.length - 1}
            onClick={() => columns.move(i, i + 1)}
            mb={4}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="default" color="red" aria-label={`Remove column ${i + 1}`} onClick={() => columns.remove(i)} mb={4}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {listError && (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => columns.append({ field: 'text', text: '' })}>
          Add column
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The columns of a file Freightdesk writes (the bank payment file, the ledger CSV) mapped to the
 * bank's or the books' own layout; saved with `PUT /api/invoices/books-settings/<kind>`, the
 * server's field errors (`columns.3.field`) shown on their column. "Use the built-in layout" deletes it.
 */
export function ColumnTemplateEditor({ kind, title, hint, schema, fields, saved, fallback, onSaved }: Props) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Template>({ resolver: zodResolver(schema) as never, defaultValues: saved ?? fallback });
  useEffect(() => form.reset(saved ?? fallback), [form, saved, fallback]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onSaved(await saveColumnTemplate(kind, values));
      toast(`${title} saved.`);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, KNOWN));
    }
  });
  const restoreDefault = async () => {
    try {
      onSaved(await deleteColumnTemplate(kind));
      toast(`${title}: the built-in layout is used.`);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : 'The built-in layout could not be restored.', 'error');
    }
  };
  return (
    <Card withBorder component="section" aria-label={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={5}>{title}</Title>
          <Text size="sm" c="dimmed">
            {saved ? hint : `${hint} The built-in layout is used until you save your own.`}
          </Text>
          {error && <Alert color="red">{error}</Alert>}
          <FileFields form={form} />
          <ColumnList form={form} fields={fields} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save columns
            </Button>
            {saved && (
              <Button variant="subtle" onClick={restoreDefault}>
                Use the built-in layout
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
