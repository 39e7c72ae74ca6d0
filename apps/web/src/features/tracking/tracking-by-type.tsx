import { useParams } from 'react-router';
import { PlacesPage } from './places-page.tsx';
import type { Dir } from './api/tracking-keys.ts';
import { RailPage } from './rail-page.tsx';
import { SimPage } from './sim-page.tsx';
import { TollsPage } from './tolls-page.tsx';

/** `…/:trackingtype`: FASTag opens the toll crossings, rail the rake, SIM its consent and pings; others the places. */
export function TrackingByType({ dir }: { dir: Dir }) {
  const type = useParams().trackingtype;
  if (type === 'fastag') {
    return <TollsPage dir={dir} />;
  }
  if (type === 'rail') {
    return <RailPage dir={dir} view="list" />;
  }
  return type === 'sim' ? <SimPage dir={dir} /> : <PlacesPage dir={dir} />;
}
