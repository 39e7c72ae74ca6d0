import { lazy, type ReactElement, Suspense } from 'react';
import { AllInOneMapPage } from './all-in-one-map-page.tsx';
import { IndentTrackingPage } from './indent-tracking-page.tsx';
import { BoardPage } from './board-page.tsx';
import { OrderTrackPage } from './order-track-page.tsx';
import { PlacesPage } from './places-page.tsx';
import { RailPage } from './rail-page.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { SimPage } from './sim-page.tsx';
import { TollsPage } from './tolls-page.tsx';
import { TrackingByType } from './tracking-by-type.tsx';

// A public link opened from outside starts its own small bundle (boot.ts); this is for the app's own navigation.
const PublicLivePage = lazy(() => import('./public-live-route.tsx'));
const publicLive = (
  <Suspense fallback={null}>
    <PublicLivePage />
  </Suspense>
);

export const trackingRouteElements: Record<string, ReactElement> = {
  'order-outbound.outbound-live-tracking': <OrderTrackPage dir="outbound" />,
  'order-inbound.inbound-live-tracking': <OrderTrackPage dir="inbound" />,
  'order-outbound.outbound-location-tracking': <PlacesPage dir="outbound" />,
  'order-inbound.inbound-location-tracking': <PlacesPage dir="inbound" />,
  'order-outbound.outbound-tracking-by-type': <TrackingByType dir="outbound" />,
  'order-inbound.inbound-toll-tracking': <TollsPage dir="inbound" />,
  'outbound-tracking.fastag': <TollsPage dir="outbound" />,
  'inbound-tracking.fastag': <TollsPage dir="inbound" />,
  'outbound-tracking.phonesim': <SimPage dir="outbound" />,
  'inbound-tracking.phonesim': <SimPage dir="inbound" />,
  'outbound-tracking.rail-location': <RailPage dir="outbound" view="location" />,
  'inbound-tracking.rail-location': <RailPage dir="inbound" view="location" />,
  'inbound-tracking.rail-list': <RailPage dir="inbound" view="list" />,
  'outbound-tracking': <BoardPage dir="outbound" />,
  'inbound-tracking': <BoardPage dir="inbound" />,
  // A board's `detail/:id/:type` is the trip's live map.
  'outbound-tracking.detail': <OrderTrackPage dir="outbound" />,
  'inbound-tracking.detail': <OrderTrackPage dir="inbound" />,
  'outbound-tracking.schedule-map': <SchedulePage dir="outbound" />,
  'inbound-tracking.schedule-map': <SchedulePage dir="inbound" />,
  'all-in-one-map': <AllInOneMapPage />,
  // An indent's orders, tracked under the indent (its detail's Orders tab links here).
  'indent.indent-toll-tracking': <IndentTrackingPage view="by-type" />,
  'indent.indent-location-tracking': <IndentTrackingPage view="live" />,
  'public-live': publicLive,
  'public-fastag': publicLive,
};
