import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { type Path, type UseFieldArrayReturn, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { indentBatchSchema, MAX_INDENT_BATCH } from '@freightdesk/shared/schemas/indent';
import { toast } from '../../components/feedback/feedback.tsx';
import { FormErrorSummary, useErrorSummary } from '../../components/form/use-error-summary.tsx';
import { Page } from '../../components/layout/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { hasPermission } from '../../lib/session.ts';
import { copyLine, emptyLine, type IndentFormValues, indentBody, placeBatchErrors } from './indent-form-values.ts';
import { usePlaceIndents } from './api/place-indents.ts';
import { IndentLineFields } from './indent-line-fields.tsx';

/** The batch form and its submit: server field errors go to their line, the rest to the page's alert. */
function useIndentBatchForm() {
  const navigate = useNavigate();
  const place = usePlaceIndents();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<IndentFormValues>({
    resolver: zodResolver(indentBatchSchema) as never,
    shouldFocusError: false,
    defaultValues: { indents: [emptyLine()] },
  });
  const lines = useFieldArray({ control: form.control, name: 'indents' });
  const summary = useErrorSummary(form);

  const submit = form.handleSubmit(async () => {
    setError(null);
    // The schema's output drops the picked lanes; the body is built from the lines as typed.
    const body = indentBody(form.getValues());
    try {
      const made = await place.mutateAsync(body);
      toast(
        made.length === 1 ? `Indent ${made[0]?.number} placed.` : `${made.length} indents placed: ${made.map((r) => r.number).join(', ')}.`,
      );
      const [only] = made;
      navigate(made.length === 1 && only && hasPermission('detail-indent') ? `/indent/detail/${only.id}` : '/indent');
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError('Something went wrong. Please try again.');
        return;
      }
      const { placed, unplaced } = placeBatchErrors(err.fields, body.indents.length);
      for (const p of placed) {
        form.setError(p.path as Path<IndentFormValues>, { type: 'server', message: p.message });
      }
      setError(unplaced.length ? unplaced.join(' ') : placed.length ? null : err.message);
      summary.reveal();
    }
  }, summary.onInvalid);
  return { form, lines, summary, error, submit };
}

/** The indents of the batch, each with its fields, and the button adding another. */
function IndentLines({ form, lines }: { form: UseFormReturn<IndentFormValues>; lines: UseFieldArrayReturn<IndentFormValues, 'indents'> }) {
  return (
    <div>
      {lines.fields.map((f, i) => (
        <IndentLineFields key={f.id} form={form} index={i} count={lines.fields.length} onRemove={() => lines.remove(i)} />
      ))}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        disabled={lines.fields.length >= MAX_INDENT_BATCH}
        onClick={() => lines.append(copyLine(form.getValues(`indents.${lines.fields.length - 1}`)))}
      >
        Add another indent
      </Button>
    </div>
  );
}

/**
 * `/indent/new`: one indent or a batch placed at once, each on a contracted lane. The first carrier
 * of each is asked at once; the page then opens the indent (one) or the list (a batch).
 */
export function IndentFormPage() {
  const { form, lines, summary, error, submit } = useIndentBatchForm();
  const listError = form.formState.errors.indents?.message ?? form.formState.errors.indents?.root?.message;
  const count = lines.fields.length;
  return (
    <Page title="New indent">
      <form ref={summary.formRef} onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <FormErrorSummary summary={summary} />
          {listError && (
            <Text c="red" size="sm" data-path="indents" data-label="Indents">
              {listError}
            </Text>
          )}
          <IndentLines form={form} lines={lines} />
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {count > 1 ? `Place ${count} indents` : 'Place indent'}
            </Button>
            <Button component={Link} to="/indent" variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
