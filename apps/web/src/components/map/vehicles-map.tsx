import 'leaflet/dist/leaflet.css';
import { useClusteredDots } from './clustered-dots.ts';
import { type LatLng, type MapTiles, useFrame, useLeafletMap, useTiles } from './use-leaflet.ts';

/**
 * A vehicle on the map: where, its colour and its state's name, how bad that state is (`rank`,
 * higher is worse: it colours a cluster), its label, and what a click does.
 */
export type MapDot = {
  key: string;
  latitude: number;
  longitude: number;
  color: string;
  state: string;
  rank: number;
  label: string;
  onOpen: () => void;
};

const INDIA: LatLng = [22.5, 79];
/** Up to this many vehicles each keep their label on; beyond, a label shows on hover. */
const PERMANENT_LABELS = 12;

/**
 * Every active vehicle as a coloured dot (a click opens its order), clustered where they crowd;
 * frames them when the set of vehicles changes, not when one moves.
 */
export default function VehiclesMap({
  dots,
  tiles,
  height = '70vh',
}: {
  dots: MapDot[];
  tiles: MapTiles | undefined;
  height?: number | string;
}) {
  const points = dots.map((d) => [d.latitude, d.longitude] as LatLng);
  const frameKey = dots
    .map((d) => d.key)
    .sort()
    .join(',');
  const { ref, map } = useLeafletMap({ center: INDIA, zoom: 5 });
  useTiles(map, tiles);
  useFrame(map, points, frameKey, 11);
  useClusteredDots(map, dots, dots.length <= PERMANENT_LABELS);
  return (
    <section aria-roledescription="map" aria-label="Map of every active vehicle" style={{ height, borderRadius: 8, overflow: 'hidden' }}>
      <div ref={ref} style={{ height: '100%', width: '100%' }} />
    </section>
  );
}
