import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMap, IconPackage, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { orderDetailPath, trackPath } from './order-track-page.tsx';
import { type Dir, orderTrackKey } from './queries.ts';
import { PageTitle } from '../../components/layout/page.tsx';

/**
 * The head of a provider's page (toll crossings, rail, phone-SIM): its title, the way back to the
 * live map and the order, when the provider was last asked, and its last failure if it failed.
 */
export function ProviderHead({
  dir,
  id,
  number,
  title,
  lastPolledAt,
  lastError,
  children,
}: {
  dir: Dir;
  id: number;
  number: string;
  title: string;
  lastPolledAt: string | null;
  lastError: string | null;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: () => api.post(`/tracking/${dir}/orders/${id}/ask`, {}),
    onSuccess: () => {
      toast('Asked the provider; its answer shows here in a few seconds.');
      // The answer may bring no position (nothing new): read the page again once the job has run.
      for (const ms of [4000, 12000]) {
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: orderTrackKey(dir, id) }), ms);
      }
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not ask the provider.', 'error'),
  });
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <PageTitle>
          {title}: {number}
        </PageTitle>
        <Group gap="sm">
          <Button variant="light" onClick={() => ask.mutate()} loading={ask.isPending} leftSection={<IconRefresh size={16} />}>
            Ask now
          </Button>
          <Button variant="default" component={Link} to={trackPath(dir, id, number)} leftSection={<IconMap size={16} />}>
            Live map
          </Button>
          <Button variant="default" component={Link} to={orderDetailPath(dir, id)} leftSection={<IconPackage size={16} />}>
            Open order
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {lastPolledAt
          ? `Last asked ${formatDateTime(lastPolledAt)}.`
          : 'Not asked yet: the provider is asked once the vehicle is on the road.'}{' '}
        {children}
      </Text>
      {lastError && (
        <Alert color="orange" title="The provider did not answer last time">
          {lastError} It is asked again every few minutes.
        </Alert>
      )}
    </>
  );
}
