import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';

/** A planned stop as the track map draws it: reached stops are filled. */
export type TrackMapStop = { label: string; kind: 'pickup' | 'drop'; latitude: number; longitude: number; reached: boolean };
/** Where the vehicle is now, with the words of its label (vehicle number, age). */
export type TrackMapVehicle = { latitude: number; longitude: number; label: string };
export type MapTiles = { mapTileUrl: string; mapTileAttribution: string };
/** A point read on the way (a toll plaza crossed, a rail station reported), labelled on hover. */
export type TrackMapMark = { latitude: number; longitude: number; label: string };

const STOP_COLOR = { pickup: '#1c7ed6', drop: '#e8590c' } as const;
const TRAIL_COLOR = '#2fa271';
const VEHICLE_COLOR = '#c92a2a';
const MARK_COLOR = '#7048e8';
const INDIA: [number, number] = [22.5, 79];

/** While the page lays out (a card, a lazy chunk), the container's size still changes: frames made meanwhile are redone. */
const SETTLE_MS = 1500;

/**
 * Frames the stops and the trail when the map first has its size and when the set of stops
 * changes; a new position does not refit, so a user who zoomed in keeps their view.
 */
export function useFrame(points: [number, number][], frameKey: string, maxZoom: number) {
  const map = useMap();
  const latest = useRef(points);
  latest.current = points;
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey decides when to refit
  useEffect(() => {
    const framedAt = Date.now();
    const frame = () => {
      map.invalidateSize();
      const p = latest.current;
      if (p.length > 1) {
        map.fitBounds(p, { padding: [40, 40], maxZoom, animate: false });
      } else if (p[0]) {
        map.setView(p[0], Math.min(11, maxZoom), { animate: false });
      }
    };
    frame();
    const observer = new ResizeObserver(() => (Date.now() - framedAt < SETTLE_MS ? frame() : map.invalidateSize()));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, frameKey]);
}

function FitOnce({ points, frameKey }: { points: [number, number][]; frameKey: string }) {
  useFrame(points, frameKey, 13);
  return null;
}

/**
 * A read-only Leaflet map of a trip: the planned stops (numbered, joined by a dashed plan line),
 * the trail the vehicle took, and the vehicle's last position. Tiles come from the server's
 * MAP_TILE_URL (`tiles`); without them the drawing still shows. Its labels are React children of
 * `<Tooltip>`, so text (the public page, plain Leaflet without React, draws its own through mapText).
 */
export default function TrackMap({
  stops,
  trail,
  vehicle,
  marks = [],
  tiles,
  height = 420,
  label = 'Map of the trip',
}: {
  stops: TrackMapStop[];
  trail: [number, number][];
  vehicle: TrackMapVehicle | null;
  marks?: TrackMapMark[];
  tiles: MapTiles | undefined;
  height?: number | string;
  label?: string;
}) {
  const planned = stops.map((s) => [s.latitude, s.longitude] as [number, number]);
  const all = [
    ...planned,
    ...trail,
    ...marks.map((m) => [m.latitude, m.longitude] as [number, number]),
    ...(vehicle ? [[vehicle.latitude, vehicle.longitude] as [number, number]] : []),
  ];
  const frameKey = `${JSON.stringify(planned)}|${trail.length > 0}|${Boolean(vehicle)}|${marks.length > 0}`;
  return (
    <div role="img" aria-label={label} style={{ height, borderRadius: 8, overflow: 'hidden' }}>
      <MapContainer center={all[0] ?? INDIA} zoom={all[0] ? 10 : 4} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false}>
        <FitOnce points={all} frameKey={frameKey} />
        {tiles && <TileLayer url={tiles.mapTileUrl} attribution={tiles.mapTileAttribution} />}
        {planned.length > 1 && <Polyline positions={planned} pathOptions={{ color: '#495057', weight: 2, dashArray: '6 6' }} />}
        {trail.length > 1 && <Polyline positions={trail} pathOptions={{ color: TRAIL_COLOR, weight: 4, opacity: 0.85 }} />}
        {stops.map((s, i) => (
          <CircleMarker
            key={`${s.kind}-${s.latitude}-${s.longitude}-${s.label}`}
            center={[s.latitude, s.longitude]}
            radius={8}
            pathOptions={{ color: STOP_COLOR[s.kind], fillOpacity: s.reached ? 0.9 : 0.25 }}
          >
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {i + 1}. {s.label}
            </Tooltip>
          </CircleMarker>
        ))}
        {marks.map((m) => (
          <CircleMarker
            key={`${m.label}-${m.latitude}-${m.longitude}`}
            center={[m.latitude, m.longitude]}
            radius={6}
            pathOptions={{ color: MARK_COLOR, fillColor: MARK_COLOR, fillOpacity: 0.8 }}
          >
            <Tooltip direction="top" offset={[0, -6]}>
              {m.label}
            </Tooltip>
          </CircleMarker>
        ))}
        {vehicle && (
          <CircleMarker
            center={[vehicle.latitude, vehicle.longitude]}
            radius={10}
            pathOptions={{ color: '#fff', weight: 3, fillColor: VEHICLE_COLOR, fillOpacity: 1 }}
          >
            <Tooltip permanent direction="auto" offset={[10, 0]}>
              {vehicle.label}
            </Tooltip>
          </CircleMarker>
        )}
      </MapContainer>
    </div>
  );
}
