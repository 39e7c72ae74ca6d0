import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { toast } from '../feedback/feedback.tsx';
import { applyServerErrors } from '../form/server-errors.ts';
import { Page } from '../layout/page.tsx';
import { useMasterOne, useMasterSave } from './use-master.ts';

/**
 * Add (`…/add`) or edit (`…/edit/:id`) one master record: loads it, validates with the shared
 * schema, saves, shows server field errors on their fields, and returns to the list.
 */
export function MasterFormPage<V extends FieldValues, T>(props: {
  title: string;
  api: string;
  listPath: string;
  schema: z.ZodType;
  defaults: DefaultValues<V>;
  toForm?: (row: T) => DefaultValues<V>;
  /** Where to go after saving (default: the list). */
  after?: (row: T) => string;
  notice?: ReactNode;
  children: (form: UseFormReturn<V>) => ReactNode;
}) {
  const id = Number(useParams().id) || undefined;
  const navigate = useNavigate();
  const existing = useMasterOne<T>(props.api, id);
  const save = useMasterSave<T>(props.api, id);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<V>({ resolver: zodResolver(props.schema as never) as never, defaultValues: props.defaults });
  const { toForm } = props;

  useEffect(() => {
    if (existing.data) {
      form.reset(toForm ? toForm(existing.data) : (existing.data as DefaultValues<V>));
    }
  }, [existing.data, form, toForm]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const row = await save.mutateAsync(values);
      toast(id ? 'Saved.' : 'Added.');
      navigate(props.after ? props.after(row) : props.listPath);
    } catch (err) {
      setError(applyServerErrors(err, form.setError, Object.keys(props.defaults as object)));
    }
  });

  return (
    <Page title={`${id ? 'Edit' : 'Add'} ${props.title}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {props.notice}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {props.children(form)}
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {id ? 'Save' : 'Add'}
            </Button>
            <Button component={Link} to={props.listPath} variant="default">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}
