import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { EditFormAlerts } from '../../components/form/edit-form-alerts.tsx';
import type { EditForm } from '../../components/form/use-edit-form.ts';
import { Page } from '../../components/layout/page.tsx';
import { formatDateTime } from '../../lib/format.ts';

type Props<V extends FieldValues, D extends { isDefault: boolean; updatedAt: string }> = {
  title: string;
  /** The saved settings: whether they are the defaults, and when they last changed. */
  data: D | undefined;
  /** The saved settings as the form's values: what Discard changes puts back. */
  toForm: (data: D) => V;
  /** What the status line says while the defaults stand. */
  defaultText: string;
  form: UseFormReturn<V>;
  edit: EditForm<V>;
  /** The record is loaded and fresh: Save may be pressed. */
  ready: boolean;
  canEdit: boolean;
  /** What the settings are for, above the save's alerts. */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of a company's one-record settings form (tracking, vehicle checks): its status line,
 * the save's alerts, the fields, and Save / Discard changes for those who may edit.
 */
export function SettingsFormFrame<V extends FieldValues, D extends { isDefault: boolean; updatedAt: string }>(p: Props<V, D>) {
  const discard = () => p.data && p.form.reset(p.toForm(p.data));
  return (
    <Page title={p.title}>
      <form ref={p.edit.summary.formRef} onSubmit={p.edit.submit} noValidate>
        <Stack maw={900}>
          <Text c="dimmed" size="sm">
            {!p.data ? 'Loading…' : p.data.isDefault ? p.defaultText : `Last changed ${formatDateTime(p.data.updatedAt)}.`}
          </Text>
          {p.intro}
          <EditFormAlerts edit={p.edit} />
          {p.children}
          {p.canEdit && (
            <Group>
              <Button type="submit" loading={p.form.formState.isSubmitting} disabled={!p.ready}>
                Save
              </Button>
              <Button variant="default" onClick={discard} disabled={!p.form.formState.isDirty}>
                Discard changes
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Page>
  );
}
