import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useMapTiles } from '../../lib/api/map-tiles.ts';
import { type LatLng, labelledCircle, useFrame, useLayer, useLeafletMap, useTiles } from './use-leaflet.ts';

/** A place to show: where it is, its label, and whether the load is picked up or dropped there. */
export type MapStop = { key: string; label: string; kind: 'pickup' | 'drop'; latitude: number; longitude: number };

const COLOR = { pickup: '#1c7ed6', drop: '#e8590c' } as const;

/** The map of the stops, once there is a first one to centre it on. */
function StopsDrawing({ stops, label, first }: { stops: MapStop[]; label: string; first: LatLng }) {
  const tiles = useMapTiles();
  const points = stops.map((s) => [s.latitude, s.longitude] as LatLng);
  const { ref, map } = useLeafletMap({ center: first, zoom: 10, scrollWheelZoom: false });
  useTiles(map, tiles);
  useFrame(map, points, JSON.stringify(points), 13);
  useLayer(map, JSON.stringify(stops), (group) => {
    if (points.length > 1) {
      L.polyline(points, { color: '#495057', weight: 2, dashArray: '6 6' }).addTo(group);
    }
    stops.forEach((s, i) => {
      labelledCircle(
        [s.latitude, s.longitude],
        { color: COLOR[s.kind], fillOpacity: 0.8, radius: 8 },
        { text: `${i + 1}. ${s.label}`, permanent: true },
      ).addTo(group);
    });
  });
  return (
    <section aria-roledescription="map" aria-label={label} style={{ height: 280, borderRadius: 8, overflow: 'hidden' }}>
      <div ref={ref} style={{ height: '100%', width: '100%' }} />
    </section>
  );
}

/**
 * A read-only Leaflet map of planned stops in order, joined by a line (the plan, not the road
 * taken). Tiles come from the server's MAP_TILE_URL; without them the stops still show.
 */
export default function StopsMap({ stops, label = 'Map of the planned stops' }: { stops: MapStop[]; label?: string }) {
  const [first] = stops;
  return first ? <StopsDrawing stops={stops} label={label} first={[first.latitude, first.longitude]} /> : null;
}
