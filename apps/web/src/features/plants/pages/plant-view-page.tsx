import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { STATUS_LABEL } from '@freightdesk/shared/schemas/common';
import { toast } from '../../../components/feedback/feedback.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { hasPermission } from '../../../lib/session.ts';
import { usePlant, useSavePlantSla } from '../api/plants.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children || '—'}</Text>
    </div>
  );
}

/** `/plant/view/:id` */
export function PlantViewPage() {
  const id = Number(useParams().id);
  const { data: p, error } = usePlant(id);
  if (error) {
    return (
      <Page title="Plant">
        <Alert color="red">{error instanceof ApiError ? error.message : 'The plant could not be loaded.'}</Alert>
      </Page>
    );
  }
  if (!p) {
    return <Page title="Plant">{null}</Page>;
  }
  return (
    <Page
      title={p.name}
      actions={
        <>
          {hasPermission('edit-plant') && (
            <Button component={Link} to={`/plant/edit/${p.id}`}>
              Edit
            </Button>
          )}
          {hasPermission('list-terms-conditions') && (
            <>
              <Button component={Link} to={`/sla/edit/${p.id}`} variant="default">
                Edit SLA
              </Button>
              <Button component={Link} to={`/plant/contract-sla/edit/${p.id}`} variant="default">
                Edit contract SLA
              </Button>
            </>
          )}
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Field label="Plant code">{p.code}</Field>
        <Field label="GSTIN">{p.gstin}</Field>
        <Field label="Status">
          <Badge color={p.status === 'active' ? 'green' : 'gray'}>{STATUS_LABEL[p.status]}</Badge>
        </Field>
        <Field label="Business unit">{p.businessUnitName}</Field>
        <Field label="Address">{`${p.address}, ${p.city}, ${p.state} ${p.pincode}, ${p.country}`}</Field>
        <Field label="Coordinates">{`${p.latitude}, ${p.longitude}`}</Field>
        <Field label="Geofence radius">{`${p.geofenceRadius} m`}</Field>
        <Field label="Contact">{p.contactName ? `${p.contactName} ${p.contactMobile ?? ''}` : ''}</Field>
        <Field label="Last changed">{formatDateTime(p.updatedAt)}</Field>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} mt="lg">
        <Field label="SLA">{p.slaText && <Text style={{ whiteSpace: 'pre-wrap' }}>{p.slaText}</Text>}</Field>
        <Field label="Contract SLA">{p.contractSlaText && <Text style={{ whiteSpace: 'pre-wrap' }}>{p.contractSlaText}</Text>}</Field>
      </SimpleGrid>
    </Page>
  );
}

/** `/sla/edit/:id` and `/plant/contract-sla/edit/:id` */
export function PlantSlaPage({ kind }: { kind: 'sla' | 'contract' }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data: p } = usePlant(id);
  const save = useSavePlantSla(id, kind);
  const [text, setText] = useState('');
  useEffect(() => {
    if (p) {
      setText((kind === 'sla' ? p.slaText : p.contractSlaText) ?? '');
    }
  }, [p, kind]);
  const label = kind === 'sla' ? 'Service level agreement' : 'Contract service level agreement';
  return (
    <Page title={`${label}${p ? ` — ${p.name}` : ''}`}>
      <Stack>
        <Textarea label={label} autosize minRows={8} value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={20000} />
        <Group>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(text, {
                onSuccess: () => {
                  toast('Saved.');
                  navigate(`/plant/view/${id}`);
                },
                onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not save.', 'error'),
              })
            }
          >
            Save
          </Button>
          <Button component={Link} to={`/plant/view/${id}`} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
