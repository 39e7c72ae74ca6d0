import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import { TripPage } from './trip-page.tsx';

/** The trip of the address's token, when the app's router shows it (a link opened afresh loads trip.tsx). */
function TripRoute() {
  return <TripPage token={useParams().token ?? ''} />;
}

/** The driver's pages: the trip link's (public, no account). */
export const driverRouteElements: Record<string, ReactElement> = {
  'driver-trip': <TripRoute />,
};
