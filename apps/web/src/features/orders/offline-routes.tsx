import type { ReactElement } from 'react';
import { OfflineOrderForm } from './offline-order-form.tsx';

/** The offline orders' edit pages (`/offline/{dir}/order/edit/:id`); keyed by id by the router's KeyedRoute. */
export const offlineOrderEditRouteElements: Record<string, ReactElement> = {
  'offline-outbound.edit-offline-outbound-order': <OfflineOrderForm key="edit" dir="outbound" mode="edit" />,
  'offline-inbound.edit-offline-inbound-order': <OfflineOrderForm key="edit" dir="inbound" mode="edit" />,
};
