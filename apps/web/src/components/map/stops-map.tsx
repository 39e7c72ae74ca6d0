import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { api } from '../../lib/api.ts';

type MapConfig = { mapTileUrl: string; mapTileAttribution: string };

/** A place to show: where it is, its label, and whether the load is picked up or dropped there. */
export type MapStop = { key: string; label: string; kind: 'pickup' | 'drop'; latitude: number; longitude: number };

const COLOR = { pickup: '#1c7ed6', drop: '#e8590c' } as const;

/** Frames every stop once the map has its size (a map made inside a card that is still laying out has none). */
function FitStops({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised points stand for the array
  useEffect(() => {
    map.invalidateSize();
    if (points.length > 1) {
      map.fitBounds(points, { padding: [40, 40] });
    }
  }, [map, key]);
  return null;
}

/**
 * A read-only Leaflet map of planned stops in order, joined by a line (the plan, not the road
 * taken). Tiles come from the server's MAP_TILE_URL; without them the stops still show.
 */
export default function StopsMap({ stops, label = 'Map of the planned stops' }: { stops: MapStop[]; label?: string }) {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<{ data: MapConfig }>('/config').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const points = stops.map((s) => [s.latitude, s.longitude] as [number, number]);
  const [first] = points;
  if (!first) {
    return null;
  }
  return (
    <div role="img" aria-label={label} style={{ height: 280, borderRadius: 8, overflow: 'hidden' }}>
      <MapContainer center={first} zoom={10} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false}>
        <FitStops points={points} />
        {config.data && <TileLayer url={config.data.mapTileUrl} attribution={config.data.mapTileAttribution} />}
        {points.length > 1 && <Polyline positions={points} pathOptions={{ color: '#495057', weight: 2, dashArray: '6 6' }} />}
        {stops.map((s, i) => (
          <CircleMarker key={s.key} center={[s.latitude, s.longitude]} radius={8} pathOptions={{ color: COLOR[s.kind], fillOpacity: 0.8 }}>
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {i + 1}. {s.label}
            </Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
    </div>
  );
}
