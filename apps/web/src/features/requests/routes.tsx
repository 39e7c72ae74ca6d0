import type { ReactElement } from 'react';
import { RequestDetailPage } from './request-detail.tsx';
import { RequestFormPage } from './request-form.tsx';
import { RequestListPage } from './request-list.tsx';
import { ViewBidPage } from './view-bid.tsx';

export const requestRouteElements: Record<string, ReactElement> = {
  'request-outbound': <RequestListPage dir="outbound" />,
  'request-outbound.new-outbound-request': <RequestFormPage dir="outbound" />,
  'request-outbound.new-outbound-spot-indent-request': <RequestFormPage key="spot" dir="outbound" />,
  'request-outbound.edit-outbound-request': <RequestFormPage key="edit" dir="outbound" mode="edit" />,
  'request-outbound.replicate-outbound-request': <RequestFormPage key="replicate" dir="outbound" mode="replicate" />,
  'request-outbound.outbound-request-detail': <RequestDetailPage dir="outbound" />,
  'request-outbound.outbound-bid': <ViewBidPage dir="outbound" />,
  'request-inbound': <RequestListPage dir="inbound" />,
  'request-inbound.new-inbound-request': <RequestFormPage dir="inbound" />,
  'request-inbound.new-inbound-spot-indent-request': <RequestFormPage key="spot" dir="inbound" />,
  'request-inbound.edit-inbound-request': <RequestFormPage key="edit" dir="inbound" mode="edit" />,
  'request-inbound.replicate-inbound-request': <RequestFormPage key="replicate" dir="inbound" mode="replicate" />,
  'request-inbound.inbound-request-detail': <RequestDetailPage dir="inbound" />,
  'request-inbound.inbound-bid': <ViewBidPage dir="inbound" />,
};
