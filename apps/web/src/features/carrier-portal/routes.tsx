import { CarrierCompanyPage } from './company-page.tsx';
import type { ReactElement } from 'react';
import { CarrierOrdersPage } from './orders-page.tsx';
import { CarrierRequestsPage } from './requests-page.tsx';

export const carrierPortalRouteElements: Record<string, ReactElement> = {
  'carrier-requests': <CarrierRequestsPage />,
  'carrier-orders': <CarrierOrdersPage />,
  'carrier-company': <CarrierCompanyPage />,
};
