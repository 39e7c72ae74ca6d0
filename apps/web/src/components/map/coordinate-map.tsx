import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useMapTiles } from '../../lib/api/map-tiles.ts';
import { type LatLng, labelledCircle, useLayer, useLeafletMap, useTiles } from './use-leaflet.ts';

const INDIA: LatLng = [22.5, 79];

/** A click sets the point: a click on a copy of the world beside the first is wrapped to ±180 (the schema's range). */
function usePick(map: ReturnType<typeof useLeafletMap>['map'], onPick: (lat: number, lng: number) => void) {
  const latest = useRef(onPick);
  latest.current = onPick;
  useEffect(() => {
    if (!map) {
      return;
    }
    const click = (e: { latlng: { wrap: () => { lat: number; lng: number } } }) => {
      const at = e.latlng.wrap();
      latest.current(Number(at.lat.toFixed(6)), Number(at.lng.toFixed(6)));
    };
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [map]);
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
  const tiles = useMapTiles();
  // A typed value out of range (latitude 95) stays in the field with its error; the map shows no point.
  const inRange = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;
  const point: LatLng | null = inRange(lat, 90) && inRange(lng, 180) ? [lat, lng] : null;
  const { ref, map } = useLeafletMap({ center: point ?? INDIA, zoom: point ? 12 : 4, scrollWheelZoom: false });
  useTiles(map, tiles);
  usePick(map, onPick);
  useLayer(map, JSON.stringify(point), (group) => {
    if (point) {
      labelledCircle(point, { color: '#42b883', fillOpacity: 0.7, radius: 9 }).addTo(group);
      map?.panTo(point);
    }
  });
  return (
    <div role="application" aria-label="Map: click to set the coordinates" style={{ height: 260, borderRadius: 8, overflow: 'hidden' }}>
      <div ref={ref} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}
