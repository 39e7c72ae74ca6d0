import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { type ReactNode, useCallback } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { toast } from '../feedback/feedback.tsx';
import { PageQueryState } from '../feedback/query-state.tsx';
import { EditFormAlerts } from '../form/edit-form-alerts.tsx';
import { useEditForm } from '../form/use-edit-form.ts';
import { Page } from '../layout/page.tsx';
import { useEditRecord } from './use-edit-record.ts';
import { useMasterOne, useMasterSave } from './use-master.ts';

/**
 * Add (`…/add`) or edit (`…/edit/:id`) one master record: loads it fresh, validates with the shared
 * schema, saves with the version it loaded (a record changed meanwhile is refused, with a Reload),
 * shows server field errors on their fields, and returns to the list. The router remounts the page
 * when the id in the address changes, so another record's edit page never keeps this one's values.
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
  const form = useForm<V>({
    resolver: zodResolver(props.schema as never) as never,
    defaultValues: props.defaults,
    // The error summary brings the first bad field (in page order) into view itself.
    shouldFocusError: false,
  });
  const { toForm } = props;
  const load = useCallback((row: T) => form.reset(toForm ? toForm(row) : (row as DefaultValues<V>)), [form, toForm]);
  const record = useEditRecord(existing, load, Boolean(id));
  const edit = useEditForm(form, {
    save: (values) => save.mutateAsync({ body: values, ifMatch: record.version }),
    onSaved: (row) => {
      toast(id ? 'Saved.' : 'Added.');
      navigate(props.after ? props.after(row) : props.listPath);
    },
    reload: record.reload,
    fields: Object.keys(props.defaults as object),
  });

  const title = `${id ? 'Edit' : 'Add'} ${props.title}`;
  if (!record.ready) {
    // Nothing to type into until the record is here: typing would be lost when it arrives.
    return <PageQueryState title={title} query={existing} loading="Loading" failed="The record could not be loaded." />;
  }
  return (
    <Page title={title}>
      <form ref={edit.summary.formRef} onSubmit={edit.submit} noValidate>
        <Stack>
          {props.notice}
          <EditFormAlerts edit={edit} />
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
