import { Button, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import type { Dir } from './cancel-order-dialog.tsx';
import { orderPath } from './order-links.tsx';
import { OrderEwayBills } from './order-eway-bills.tsx';
import { useOrderDetail } from './api/get-order.ts';

/**
 * `/{dir}-tracking/multiple-eway-bill/:id/:type`: one order's e-way bills from the tracking
 * screens (validity in red when expiring or expired; add, extend, cancel), linking its order.
 */
export function EwayBillPage({ dir }: { dir: Dir }) {
  const params = useParams();
  const query = useOrderDetail(dir, Number(params.id));
  const o = query.data;
  if (!o) {
    return (
      <PageQueryState title="E-way bills" query={query} loading="Loading the order's e-way bills" failed="The order could not be loaded." />
    );
  }
  return (
    <Page
      title={`E-way bills of order ${o.number}`}
      actions={
        <Button variant="default" component={Link} to={orderPath(dir, o.id, o.source === 'offline')}>
          Open order {o.number}
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="md">
        {o.carrierName} · {o.vehicleNumber ?? 'no vehicle yet'} · {o.pickupLabel ?? '—'} → {o.dropLabel ?? '—'}
      </Text>
      <OrderEwayBills dir={dir} order={o} />
    </Page>
  );
}

export const ewayBillRouteElements: Record<string, ReactElement> = {
  'inbound-tracking.eway': <EwayBillPage dir="inbound" />,
  'outbound-tracking.eway': <EwayBillPage dir="outbound" />,
};
