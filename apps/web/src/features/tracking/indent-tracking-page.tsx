import { Alert, Anchor, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { OrderTrackPage } from './order-track-page.tsx';
import type { Dir } from './api/tracking-keys.ts';
import { useIndent } from './api/get-indent.ts';
import { TrackingByType } from './tracking-by-type.tsx';

const asDir = (v: string | undefined): Dir | undefined => (v === 'inbound' || v === 'outbound' ? v : undefined);

/**
 * An indent's order tracked under the indent: `/indent/locations/:id/:indentId` is the order's live
 * map (with its places, schedule and provider pages a click away), `/indent/toll/:id/:indentId/:type/:trackingtype`
 * its provider's page (`fastag`: the toll crossings). `:id` is the order; the direction is `:type`,
 * or the indent's own. A link leads back to the indent's orders.
 */
export function IndentTrackingPage({ view }: { view: 'live' | 'by-type' }) {
  const params = useParams();
  const indentId = Number(params.indentId);
  const indent = useIndent(indentId);
  const dir = asDir(params.type) ?? (indent.data ? (indent.data.requestType === 2 ? 'inbound' : 'outbound') : undefined);
  const back = (
    <Group>
      <Anchor component={Link} to={`/indent/detail/${indentId}/orders`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Back to indent {indent.data?.number ?? ''}
        </Group>
      </Anchor>
    </Group>
  );
  if (!dir) {
    return (
      <Stack>
        {back}
        {indent.error ? (
          <Alert color="red" title="This indent cannot be shown">
            {indent.error instanceof ApiError ? indent.error.message : 'Try again in a moment.'}
          </Alert>
        ) : (
          <Loader aria-label="Loading the indent" />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {back}
      {view === 'live' ? <OrderTrackPage dir={dir} /> : <TrackingByType dir={dir} />}
    </Stack>
  );
}
