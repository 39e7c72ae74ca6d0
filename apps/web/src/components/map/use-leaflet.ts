import L from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MapTiles } from '../../lib/api/map-tiles.ts';
import { mapText } from './map-text.ts';

export type { MapTiles };

/**
 * Plain Leaflet behind a few hooks, in place of react-leaflet (its Hippocratic licence adds use
 * restrictions our AGPL cannot carry; issue 32). A map lives as long as its container; its layers
 * are drawn by effects and taken off when what they show changes. Labels go in as text (mapText).
 */

export type LatLng = [number, number];

/** The map of a container: made when the container mounts, removed when it unmounts. */
export function useLeafletMap(options: { center: LatLng; zoom: number; scrollWheelZoom?: boolean }): {
  ref: RefObject<HTMLDivElement | null>;
  map: L.Map | null;
} {
  const ref = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const first = useRef(options);
  useEffect(() => {
    if (!ref.current) {
      return;
    }
    const { center, zoom, scrollWheelZoom = true } = first.current;
    const made = L.map(ref.current, { center, zoom, scrollWheelZoom });
    setMap(made);
    return () => {
      made.remove();
      setMap(null);
    };
  }, []);
  return { ref, map };
}

/** The server's tile layer (MAP_TILE_URL), when it is known; without tiles the drawing still shows. */
export function useTiles(map: L.Map | null, tiles: MapTiles | undefined) {
  const url = tiles?.mapTileUrl;
  const attribution = tiles?.mapTileAttribution;
  useEffect(() => {
    if (!map || !url) {
      return;
    }
    const layer = L.tileLayer(url, { attribution }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, url, attribution]);
}

/** A layer drawn from what it shows, `key` saying when that changed: taken off and drawn again then. */
export function useLayer(map: L.Map | null, key: string, draw: (group: L.LayerGroup) => void) {
  const latest = useRef(draw);
  latest.current = draw;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` says when what the layer shows changed
  useEffect(() => {
    if (!map) {
      return;
    }
    const group = L.layerGroup().addTo(map);
    latest.current(group);
    return () => {
      group.remove();
    };
  }, [map, key]);
}

/** A circle marker with its label as text (a tooltip), and what a click does. */
export function labelledCircle(
  at: LatLng,
  style: L.CircleMarkerOptions,
  label?: { text: string; permanent?: boolean; direction?: L.Direction; offset?: LatLng },
  onClick?: () => void,
): L.CircleMarker {
  const marker = L.circleMarker(at, style);
  if (label) {
    marker.bindTooltip(mapText(label.text), {
      permanent: label.permanent ?? false,
      direction: label.direction ?? 'top',
      offset: label.offset ?? [0, -8],
    });
  }
  if (onClick) {
    marker.on('click', onClick);
  }
  return marker;
}

/** While the page lays out (a card, a lazy chunk), the container's size still changes: frames made meanwhile are redone. */
const SETTLE_MS = 1500;

/**
 * Frames the points when the map first has its size and when `frameKey` changes; a new position
 * does not refit, so a user who zoomed in keeps their view.
 */
export function useFrame(map: L.Map | null, points: LatLng[], frameKey: string, maxZoom: number) {
  const latest = useRef(points);
  latest.current = points;
  // biome-ignore lint/correctness/useExhaustiveDependencies: frameKey decides when to refit
  useEffect(() => {
    if (!map) {
      return;
    }
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
