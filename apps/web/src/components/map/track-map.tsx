import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { type LatLng, labelledCircle, type MapTiles, useFrame, useLayer, useLeafletMap, useTiles } from './use-leaflet.ts';

export type { MapTiles } from './use-leaflet.ts';

/** A planned stop as the track map draws it: reached stops are filled. */
export type TrackMapStop = { label: string; kind: 'pickup' | 'drop'; latitude: number; longitude: number; reached: boolean };
/** Where the vehicle is now, with the words of its label (vehicle number, age). */
export type TrackMapVehicle = { latitude: number; longitude: number; label: string };
/** A point read on the way (a toll plaza crossed, a rail station reported), labelled on hover. */
export type TrackMapMark = { latitude: number; longitude: number; label: string };

const STOP_COLOR = { pickup: '#1c7ed6', drop: '#e8590c' } as const;
const TRAIL_COLOR = '#2fa271';
const VEHICLE_COLOR = '#c92a2a';
const MARK_COLOR = '#7048e8';
const INDIA: LatLng = [22.5, 79];

type Props = {
  stops: TrackMapStop[];
  trail: LatLng[];
  vehicle: TrackMapVehicle | null;
  marks?: TrackMapMark[];
  tiles: MapTiles | undefined;
  height?: number | string;
  label?: string;
};

/** The plan line, the trail, the stops (numbered, filled once reached) and the points read on the way. */
function drawTrip(group: L.LayerGroup, { stops, trail, marks = [] }: Pick<Props, 'stops' | 'trail' | 'marks'>) {
  const planned = stops.map((s) => [s.latitude, s.longitude] as LatLng);
  if (planned.length > 1) {
    L.polyline(planned, { color: '#495057', weight: 2, dashArray: '6 6' }).addTo(group);
  }
  if (trail.length > 1) {
    L.polyline(trail, { color: TRAIL_COLOR, weight: 4, opacity: 0.85 }).addTo(group);
  }
  stops.forEach((s, i) => {
    const style = { color: STOP_COLOR[s.kind], fillOpacity: s.reached ? 0.9 : 0.25, radius: 8 };
    labelledCircle([s.latitude, s.longitude], style, { text: `${i + 1}. ${s.label}`, permanent: true }).addTo(group);
  });
  for (const m of marks) {
    const style = { color: MARK_COLOR, fillColor: MARK_COLOR, fillOpacity: 0.8, radius: 6 };
    labelledCircle([m.latitude, m.longitude], style, { text: m.label, offset: [0, -6] }).addTo(group);
  }
}

/**
 * A read-only Leaflet map of a trip: the planned stops (numbered, joined by a dashed plan line),
 * the trail the vehicle took, and the vehicle's last position. Tiles come from the server's
 * MAP_TILE_URL (`tiles`); without them the drawing still shows. Labels go in as text (mapText).
 */
export default function TrackMap({ stops, trail, vehicle, marks = [], tiles, height = 420, label = 'Map of the trip' }: Props) {
  const planned = stops.map((s) => [s.latitude, s.longitude] as LatLng);
  const all = [
    ...planned,
    ...trail,
    ...marks.map((m) => [m.latitude, m.longitude] as LatLng),
    ...(vehicle ? [[vehicle.latitude, vehicle.longitude] as LatLng] : []),
  ];
  const { ref, map } = useLeafletMap({ center: all[0] ?? INDIA, zoom: all[0] ? 10 : 4, scrollWheelZoom: false });
  useTiles(map, tiles);
  useFrame(map, all, `${JSON.stringify(planned)}|${trail.length > 0}|${Boolean(vehicle)}|${marks.length > 0}`, 13);
  useLayer(map, JSON.stringify([stops, trail, marks]), (group) => drawTrip(group, { stops, trail, marks }));
  useLayer(map, JSON.stringify(vehicle), (group) => {
    if (vehicle) {
      const style = { color: '#fff', weight: 3, fillColor: VEHICLE_COLOR, fillOpacity: 1, radius: 10 };
      labelledCircle([vehicle.latitude, vehicle.longitude], style, {
        text: vehicle.label,
        permanent: true,
        direction: 'auto',
        offset: [10, 0],
      }).addTo(group);
    }
  });
  return (
    <section aria-roledescription="map" aria-label={label} style={{ height, borderRadius: 8, overflow: 'hidden' }}>
      <div ref={ref} style={{ height: '100%', width: '100%' }} />
    </section>
  );
}
