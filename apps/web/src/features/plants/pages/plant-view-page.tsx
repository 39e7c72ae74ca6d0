import { Alert, Anchor, Button, Center, Divider, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { Page } from '../../../components/layout/page.tsx';
import { StatusBadge } from '../../../components/master/master-list-page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { hasPermission } from '../../../lib/session.ts';
import { usePlant } from '../api/get-plant.ts';
import { usePlantStatusToggle } from '../components/use-plant-status-toggle.ts';
import { PLANT_LABELS as L } from '../plant-fields.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children === null || children === undefined || children === '' ? '—' : children}</Text>
    </div>
  );
}

function SlaText({ title, text, edit }: { title: string; text: string | null; edit?: { path: string; label: string } }) {
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Title order={4} size="h5">
          {title}
        </Title>
        {edit && (
          <Anchor component={Link} to={edit.path} size="sm">
            {edit.label}
          </Anchor>
        )}
      </Group>
      {text ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Not written yet.
        </Text>
      )}
    </div>
  );
}

function PlantDetails({ plant: p }: { plant: Plant }) {
  const canSla = hasPermission('list-terms-conditions');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <Field label={L.name}>{p.name}</Field>
        <Field label={L.code}>{p.code}</Field>
        <Field label={L.gstin}>{p.gstin}</Field>
        <Field label="Status">
          <StatusBadge status={p.status} />
        </Field>
        <Field label={L.businessUnitId}>{p.businessUnitName}</Field>
        <Field label={L.address}>{p.address}</Field>
        <Field label={L.city}>{p.city}</Field>
        <Field label={L.state}>{p.state}</Field>
        <Field label={L.country}>{p.country}</Field>
        <Field label={L.pincode}>{p.pincode}</Field>
        <Field label={L.latitude}>{p.latitude}</Field>
        <Field label={L.longitude}>{p.longitude}</Field>
        <Field label={L.geofenceRadius}>{p.geofenceRadius}</Field>
        <Field label={L.contactName}>{p.contactName}</Field>
        <Field label={L.contactMobile}>{p.contactMobile}</Field>
        <Field label="Last changed">{formatDateTime(p.updatedAt)}</Field>
      </SimpleGrid>
      <Divider my="lg" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SlaText title="SLA" text={p.slaText} edit={canSla ? { path: `/sla/edit/${p.id}`, label: 'Edit SLA' } : undefined} />
        <SlaText
          title="Contract SLA"
          text={p.contractSlaText}
          edit={canSla ? { path: `/plant/contract-sla/edit/${p.id}`, label: 'Edit contract SLA' } : undefined}
        />
      </SimpleGrid>
    </>
  );
}

function PlantActions({ plant: p }: { plant: Plant }) {
  const { toggle, pending } = usePlantStatusToggle();
  const canEdit = hasPermission('edit-plant');
  return (
    <>
      <Button component={Link} to="/plant" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
        All plants
      </Button>
      {canEdit && (
        <Button variant="light" color={p.status === 'active' ? 'red' : 'green'} loading={pending} onClick={() => toggle(p)}>
          {p.status === 'active' ? 'Deactivate' : 'Activate'}
        </Button>
      )}
      {canEdit && (
        <Button component={Link} to={`/plant/edit/${p.id}`}>
          Edit
        </Button>
      )}
    </>
  );
}

/** `/plant/view/:id` [list-plant]: every field, the status, and the two SLA texts. */
export function PlantViewPage() {
  const id = Number(useParams().id) || 0;
  const { data: p, error } = usePlant(id);
  if (error || !id) {
    return (
      <Page title="Plant">
        <Alert color="red" role="alert">
          {error instanceof ApiError ? error.message : 'The plant could not be loaded.'}
        </Alert>
      </Page>
    );
  }
  if (!p) {
    return (
      <Page title="Plant">
        <Center h={200}>
          <Loader size="sm" aria-label="Loading" />
        </Center>
      </Page>
    );
  }
  return (
    <Page title={p.name} actions={<PlantActions plant={p} />}>
      <PlantDetails plant={p} />
    </Page>
  );
}
