import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { type MapTiles, useFrame } from './track-map.tsx';

/** A vehicle on the map: where, its colour (its state), its label, and what a click does. */
export type MapDot = { key: string; latitude: number; longitude: number; color: string; label: string; onOpen: () => void };

const INDIA: [number, number] = [22.5, 79];
/** Up to this many vehicles each keep their label on; beyond, a label shows on hover. */
const PERMANENT_LABELS = 12;

function FitAll({ points, frameKey }: { points: [number, number][]; frameKey: string }) {
  useFrame(points, frameKey, 11);
  return null;
}

/**
 * Every active vehicle as a coloured dot (a click opens its order); frames them when the set of
 * vehicles changes, not when one moves.
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
        {dots.map((d) => (
          <CircleMarker
            key={d.key}
            center={[d.latitude, d.longitude]}
            radius={9}
            pathOptions={{ color: '#fff', weight: 2, fillColor: d.color, fillOpacity: 1 }}
            eventHandlers={{ click: d.onOpen }}
          >
            <Tooltip direction="top" offset={[0, -8]} permanent={dots.length <= PERMANENT_LABELS}>
              {d.label}
            </Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
    </div>
  );
}
