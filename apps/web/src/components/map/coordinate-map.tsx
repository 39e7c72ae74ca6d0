import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { api } from '../../lib/api.ts';

type MapConfig = { mapTileUrl: string; mapTileAttribution: string };
const INDIA: [number, number] = [22.5, 79];

function ClickToPick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  // A click on a copy of the world beside the first one is still a place on Earth: wrap() gives its
  // longitude within ±180, so a pick never fills the form with a value the schema refuses.
  useMapEvents({
    click: (e) => {
      const at = e.latlng.wrap();
      onPick(Number(at.lat.toFixed(6)), Number(at.lng.toFixed(6)));
    },
  });
  return null;
}

function FollowPoint({ point }: { point: [number, number] | null }) {
  const map = useMap();
  if (point) {
    map.panTo(point);
  }
  return null;
}

/**
 * A Leaflet map to pick a point by clicking. Tiles come from the server's MAP_TILE_URL; without
 * them (offline) the map is blank but clicking and the typed coordinates still work.
 */
export default function CoordinateMap({
  lat,
  lng,
  onPick,
}: {
  lat?: number | null;
  lng?: number | null;
  onPick: (lat: number, lng: number) => void;
}) {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<{ data: MapConfig }>('/config').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A typed value out of range (latitude 95) stays in the field with its error; the map shows no point.
  const inRange = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
  const point: [number, number] | null = inRange(lat, 90) && inRange(lng, 180) ? [lat, lng] : null;
  return (
    <div role="application" aria-label="Map: click to set the coordinates" style={{ height: 260, borderRadius: 8, overflow: 'hidden' }}>
      <MapContainer center={point ?? INDIA} zoom={point ? 12 : 4} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false}>
        {config.data && <TileLayer url={config.data.mapTileUrl} attribution={config.data.mapTileAttribution} />}
        {point && <CircleMarker center={point} radius={9} pathOptions={{ color: '#42b883', fillOpacity: 0.7 }} />}
        <ClickToPick onPick={onPick} />
        <FollowPoint point={point} />
      </MapContainer>
    </div>
  );
}
