import L from 'leaflet';
import { useEffect, useState } from 'react';
import { clusterPixels, clusterSummary } from './grid-cluster.ts';
import { mapText } from './map-text.ts';
import { labelledCircle, useLayer } from './use-leaflet.ts';
import type { MapDot } from './vehicles-map.tsx';
import { plural } from '@freightdesk/shared/words';

/** Vehicles closer than this on screen (pixels) share one badge. */
const RADIUS_PX = 56;
/** From this zoom on (a street) every vehicle shows on its own: zooming in further would not part them. */
const DEEPEST_ZOOM = 17;
const HEX = /^#[0-9a-f]{3,8}$/i;

type Group = { items: MapDot[]; worst: MapDot };

/** Dark digits on a light fill (the amber of "halted"), white on the others: readable on each. */
function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) > 0.3 ? '#1a1b1e' : '#fff';
}

function badge(count: number, color: string): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : 44;
  // Only a plain hex colour is taken into the style; the count goes in as text (mapText's rule: no HTML to Leaflet).
  const fill = HEX.test(color) ? color : '#868e96';
  const face = document.createElement('div');
  face.style.cssText = `width:${size}px;height:${size}px;border-radius:50%;background:${fill};border:3px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.25);color:${textOn(fill)};font:700 13px/1 system-ui,sans-serif;display:flex;align-items:center;justify-content:center;box-sizing:border-box`;
  face.textContent = String(count);
  return L.divIcon({ className: 'fd-map-cluster', iconSize: [size, size], html: face });
}

/** A numbered badge for vehicles close together, coloured by the worst of them; a click zooms to them. */
function clusterMarker(map: L.Map, { items, worst }: Group): L.Marker {
  const center: [number, number] = [
    items.reduce((s, d) => s + d.latitude, 0) / items.length,
    items.reduce((s, d) => s + d.longitude, 0) / items.length,
  ];
  const summary = clusterSummary(items);
  const marker = L.marker(center, {
    icon: badge(items.length, worst.color),
    title: `${plural(items.length, 'vehicle')}: ${summary}. Zoom in`,
    keyboard: true,
  });
  marker.bindTooltip(mapText(`${plural(items.length, 'vehicle')}: ${summary}`), { direction: 'top', offset: [0, -16] });
  marker.on('click', () =>
    map.fitBounds(L.latLngBounds(items.map((d) => [d.latitude, d.longitude] as [number, number])), {
      padding: [48, 48],
      maxZoom: DEEPEST_ZOOM,
    }),
  );
  return marker;
}

/** The groups at a zoom: every vehicle on its own at a street's zoom, else those close on screen together. */
function groupsAt(map: L.Map, dots: MapDot[], zoom: number): Group[] {
  if (zoom >= Math.min(DEEPEST_ZOOM, map.getMaxZoom())) {
    return dots.map((d) => ({ items: [d], worst: d }));
  }
  const points = dots.map((d) => {
    const p = map.project([d.latitude, d.longitude], zoom);
    return { item: d, x: p.x, y: p.y, rank: d.rank };
  });
  return clusterPixels(points, RADIUS_PX);
}

/**
 * Vehicles as dots, those close together on screen as one numbered badge coloured by its worst
 * vehicle's state (a click zooms to them). Clusters are worked out again at each zoom and each
 * time a vehicle moves; a vehicle on its own keeps its dot, label and click.
 */
export function useClusteredDots(map: L.Map | null, dots: MapDot[], permanentLabels: boolean) {
  const [zoom, setZoom] = useState<number | null>(null);
  useEffect(() => {
    if (!map) {
      return;
    }
    setZoom(map.getZoom());
    const zoomed = () => setZoom(map.getZoom());
    map.on('zoomend', zoomed);
    return () => {
      map.off('zoomend', zoomed);
    };
  }, [map]);
  const key = JSON.stringify([zoom, permanentLabels, dots.map((d) => [d.key, d.latitude, d.longitude, d.color, d.label])]);
  useLayer(map, key, (group) => {
    if (!map || zoom === null) {
      return;
    }
    for (const g of groupsAt(map, dots, zoom)) {
      const dot = g.worst;
      const marker =
        g.items.length === 1
          ? labelledCircle(
              [dot.latitude, dot.longitude],
              { color: '#fff', weight: 2, fillColor: dot.color, fillOpacity: 1, radius: 9 },
              { text: dot.label, permanent: permanentLabels },
              dot.onOpen,
            )
          : clusterMarker(map, g);
      marker.addTo(group);
    }
  });
}
