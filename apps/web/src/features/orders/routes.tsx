import type { ReactElement } from 'react';
import { Navigate, useParams } from 'react-router';
import { OfflineOrderForm } from './offline-order-form.tsx';
import { OrderDetailPage } from './order-detail.tsx';
import { OrderList } from './order-list.tsx';

function InboundOrderRedirect() {
  return <Navigate to={`/order/inbound/detail/${useParams().id}`} replace />;
}

export const orderRouteElements: Record<string, ReactElement> = {
  'offline-outbound': <OrderList dir="outbound" offline />,
  'offline-outbound.new-offline-outbound-order': <OfflineOrderForm dir="outbound" />,
  'offline-outbound.offline-outbound-order-detail': <OrderDetailPage dir="outbound" offline />,
  'offline-inbound': <OrderList dir="inbound" offline />,
  'offline-inbound.new-offline-inbound-order': <OfflineOrderForm dir="inbound" />,
  'offline-inbound.offline-inbound-order-detail': <OrderDetailPage dir="inbound" offline />,
  'order-outbound': <OrderList dir="outbound" />,
  'order-outbound.outbound-order-detail': <OrderDetailPage dir="outbound" />,
  'order-inbound': <OrderList dir="inbound" />,
  'order-inbound.inbound-order-detail': <OrderDetailPage dir="inbound" />,
  'order-inbound.inbound-order': <InboundOrderRedirect />,
};
