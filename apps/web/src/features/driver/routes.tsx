import type { ReactElement } from 'react';
import { TripPage } from './trip-page.tsx';

/** The driver's pages: the trip link's (public, no account). */
export const driverRouteElements: Record<string, ReactElement> = {
  'driver-trip': <TripPage />,
};
