import type { ReactElement } from 'react';
import { RequestDetailPage } from './request-detail.tsx';
import { RequestFormPage } from './request-form.tsx';
import { RequestListPage } from './request-list.tsx';

export const requestRouteElements: Record<string, ReactElement> = {
  'request-outbound': <RequestListPage dir="outbound" />,
  'request-outbound.new-outbound-request': <RequestFormPage dir="outbound" />,
  'request-outbound.outbound-request-detail': <RequestDetailPage dir="outbound" />,
  'request-inbound': <RequestListPage dir="inbound" />,
  'request-inbound.new-inbound-request': <RequestFormPage dir="inbound" />,
  'request-inbound.inbound-request-detail': <RequestDetailPage dir="inbound" />,
};
