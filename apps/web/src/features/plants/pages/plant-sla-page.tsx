import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { type Plant, slaBodySchema } from '@freightdesk/shared/schemas/plant';
import { toast } from '../../../components/feedback/feedback.tsx';
import { EditFormAlerts } from '../../../components/form/edit-form-alerts.tsx';
import { useEditRecord } from '../../../components/master/use-edit-record.ts';
import { useEditForm } from '../../../components/form/use-edit-form.ts';
import { Page } from '../../../components/layout/page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { usePlant } from '../api/get-plant.ts';
import { type SlaKind, useUpdatePlantSla } from '../api/update-plant-sla.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

const MAX = 20_000;
const LABEL: Record<SlaKind, string> = { sla: 'SLA text', contract: 'Contract SLA text' };
const TITLE: Record<SlaKind, string> = { sla: 'Edit SLA', contract: 'Edit contract SLA' };

type Values = z.input<typeof slaBodySchema>;

function SlaForm({ plant, kind, onReload }: { plant: Plant; kind: SlaKind; onReload: () => Promise<void> }) {
  const navigate = useNavigate();
  const save = useUpdatePlantSla(plant.id, kind);
  const form = useForm<Values>({
    resolver: zodResolver(slaBodySchema),
    defaultValues: { text: (kind === 'sla' ? plant.slaText : plant.contractSlaText) ?? '' },
    // The error summary brings the bad field into view itself.
    shouldFocusError: false,
  });
  const edit = useEditForm(form, {
    save: ({ text }) => save.mutateAsync({ text, ifMatch: plant.updatedAt }),
    onSaved: () => {
      toast(`${kind === 'sla' ? 'SLA' : 'Contract SLA'} of ${plant.name} saved.`);
      navigate(`/plant/view/${plant.id}`);
    },
    reload: onReload,
    fields: ['text'],
  });
  const length = useWatch({ control: form.control, name: 'text' }).length;
  return (
    <form ref={edit.summary.formRef} onSubmit={edit.submit} noValidate>
      <Stack>
        <EditFormAlerts edit={edit} />
        <Textarea
          label={LABEL[kind]}
          autosize
          minRows={8}
          maxRows={24}
          {...form.register('text')}
          error={form.formState.errors.text?.message}
        />
        <Text size="xs" c={length > MAX ? 'red' : 'dimmed'} ta="right" mt={-8}>
          {indianNumber(length)} / {indianNumber(MAX)}
        </Text>
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
          <Button component={Link} to={`/plant/view/${plant.id}`} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/sla/edit/:id` and `/plant/contract-sla/edit/:id` [list-terms-conditions]: a plant's SLA texts. */
export function PlantSlaPage({ kind }: { kind: SlaKind }) {
  const id = Number(useParams().id) || 0;
  const query = usePlant(id);
  const { error } = query;
  // The plant as loaded fresh for this form (and again on Reload after a refused stale save).
  const [plant, setPlant] = useState<Plant>();
  const record = useEditRecord(query, setPlant, id > 0);
  const title = plant ? `${TITLE[kind]}: ${plant.name}` : TITLE[kind];
  if (error || !id) {
    return (
      <Page title={TITLE[kind]}>
        <Alert color="red" role="alert">
          {error instanceof ApiError ? error.message : 'The plant could not be loaded.'}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={title}>
      {plant ? (
        <SlaForm key={`${plant.id}-${kind}-${plant.updatedAt}`} plant={plant} kind={kind} onReload={record.reload} />
      ) : (
        <Center h={200}>
          <Loader size="sm" aria-label="Loading" />
        </Center>
      )}
    </Page>
  );
}
