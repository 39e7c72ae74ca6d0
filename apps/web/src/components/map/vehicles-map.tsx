import 'leaflet/dist/leaflet.css';
import { MapContainer, TileLayer } from 'react-leaflet';
import { ClusteredDots } from './clustered-dots.tsx';
import { type MapTiles, useFrame } from './track-map.tsx';

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

const INDIA: [number, number] = [22.5, 79];
/** Up to this many vehicles each keep their label on; beyond, a label shows on hover. */
const PERMANENT_LABELS = 12;

function FitAll({ points, frameKey }: { points: [number, number][]; frameKey: string }) {
  useFrame(points, frameKey, 11);
  return null;
}

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
  const points = dots.map((d) => [d.latitude, d.longitude] as [number, number]);
  const frameKey = dots
    .map((d) => d.key)
    .sort()
    .join(',');
  return (
    <div role="img" aria-label="Map of every active vehicle" style={{ height, borderRadius: 8, overflow: 'hidden' }}>
      <MapContainer center={INDIA} zoom={5} style={{ height: '100%', width: '100%' }}>
        <FitAll points={points} frameKey={frameKey} />
        {tiles && <TileLayer url={tiles.mapTileUrl} attribution={tiles.mapTileAttribution} />}
        <ClusteredDots dots={dots} permanentLabels={dots.length <= PERMANENT_LABELS} />
      </MapContainer>
    </div>
  );
}
