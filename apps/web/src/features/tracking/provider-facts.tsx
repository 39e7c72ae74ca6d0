import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMap, IconPackage, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { orderDetailPath, trackPath } from './order-track-page.tsx';
import type { Dir } from './api/tracking-keys.ts';
import { useAskProvider } from './api/ask-provider.ts';
import { PageTitle } from '../../components/layout/page.tsx';

type HeadProps = {
  dir: Dir;
  id: number;
  number: string;
  title: string;
  lastPolledAt: string | null;
  lastError: string | null;
  children?: ReactNode;
};

/** The title with Ask now and the ways back to the live map and the order. */
function ProviderTitle({ dir, id, number, title }: Pick<HeadProps, 'dir' | 'id' | 'number' | 'title'>) {
  const ask = useAskProvider(dir, id);
  return (
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
  );
}

/**
 * The head of a provider's page (toll crossings, rail, phone-SIM): its title, the way back to the
 * live map and the order, when the provider was last asked, and its last failure if it failed.
 */
export function ProviderHead({ dir, id, number, title, lastPolledAt, lastError, children }: HeadProps) {
  return (
    <>
      <ProviderTitle dir={dir} id={id} number={number} title={title} />
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
