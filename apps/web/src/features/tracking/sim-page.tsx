import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SIM_OPERATOR_LABEL } from '@freightdesk/shared/schemas/tracking';
import { SIM_CONSENT_LABEL } from '@freightdesk/shared/schemas/tracking-providers';
import { ApiError } from '../../lib/api.ts';
import { useTrackingEvents } from '../../lib/socket.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PlacesTable } from './places-page.tsx';
import { ProviderHead } from './provider-facts.tsx';
import { type Dir, orderTrackKey } from './api/tracking-keys.ts';
import { useSim } from './api/get-provider-reads.ts';

const CONSENT_COLOR = { pending: 'yellow', approved: 'green', rejected: 'red', revoked: 'red', expired: 'gray' } as const;

/**
 * `/{dir}-tracking/phonesim-address-list/:id`: the driver's SIM consent (waiting, approved,
 * refused, withdrawn, expired, with what it means) and the phone's pings as places with addresses.
 */
export function SimPage({ dir }: { dir: Dir }) {
  const id = Number(useParams().id);
  const sim = useSim(dir, id);
  // The consent's answer and each ping arrive as the order's live changes.
  useTrackingEvents(id > 0 ? { orderId: id } : undefined, [orderTrackKey(dir, id)]);
  if (sim.isPending) {
    return <Loader aria-label="Loading the SIM tracking" />;
  }
  const data = sim.data;
  if (sim.error || !data) {
    return (
      <Alert color="red" title="The SIM tracking cannot be shown">
        {sim.error instanceof ApiError ? sim.error.message : 'Try again in a moment.'}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <ProviderHead
        dir={dir}
        id={id}
        number={data.number}
        title="Phone-SIM locations"
        lastPolledAt={data.lastPolledAt}
        lastError={data.lastError}
      />
      <Paper withBorder p="md" radius="md" component="section" aria-label="Driver consent">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Driver consent</Title>
          {data.consentState && <Badge color={CONSENT_COLOR[data.consentState]}>{SIM_CONSENT_LABEL[data.consentState]}</Badge>}
        </Group>
        <Text size="sm" mb="sm">
          {data.consentText}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <Text size="sm">Number: {data.simNumber ?? '—'}</Text>
          <Text size="sm">Operator: {data.simOperator ? SIM_OPERATOR_LABEL[data.simOperator] : '—'}</Text>
          <Text size="sm">Consent SMS sent: {formatDateTime(data.consentRequestedAt)}</Text>
          <Text size="sm">
            Consent valid until:{' '}
            {data.consentExpiresAt ? formatDateTime(data.consentExpiresAt) : data.consentState === 'approved' ? 'End of this trip' : '—'}
          </Text>
        </SimpleGrid>
      </Paper>
      <Title order={3}>Pings</Title>
      <PlacesTable dir={dir} id={id} source="sim" />
    </Stack>
  );
}
