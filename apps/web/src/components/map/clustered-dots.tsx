import L from 'leaflet';
import { useMemo, useState } from 'react';
import { CircleMarker, Marker, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { clusterPixels, clusterSummary } from './grid-cluster.ts';
import type { MapDot } from './vehicles-map.tsx';

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

function Cluster({ group }: { group: Group }) {
  const map = useMap();
  const { items, worst } = group;
  const icon = useMemo(() => badge(items.length, worst.color), [items.length, worst.color]);
  const center: [number, number] = [
    items.reduce((s, d) => s + d.latitude, 0) / items.length,
    items.reduce((s, d) => s + d.longitude, 0) / items.length,
  ];
  const summary = clusterSummary(items);
  const zoomIn = () =>
    map.fitBounds(L.latLngBounds(items.map((d) => [d.latitude, d.longitude] as [number, number])), {
      padding: [48, 48],
      maxZoom: DEEPEST_ZOOM,
    });
  return (
    <Marker
      position={center}
      icon={icon}
      title={`${items.length} vehicles: ${summary}. Zoom in`}
      keyboard
      eventHandlers={{ click: zoomIn }}
    >
      <Tooltip direction="top" offset={[0, -16]}>
        {items.length} vehicles: {summary}
      </Tooltip>
    </Marker>
  );
}

function Dot({ dot, permanent }: { dot: MapDot; permanent: boolean }) {
  return (
    <CircleMarker
      center={[dot.latitude, dot.longitude]}
      radius={9}
      pathOptions={{ color: '#fff', weight: 2, fillColor: dot.color, fillOpacity: 1 }}
      eventHandlers={{ click: dot.onOpen }}
    >
      <Tooltip direction="top" offset={[0, -8]} permanent={permanent}>
        {dot.label}
      </Tooltip>
    </CircleMarker>
  );
}

/**
 * Vehicles as dots, those close together on screen as one numbered badge coloured by its worst
 * vehicle's state (a click zooms to them). Clusters are worked out again at each zoom and each
 * time a vehicle moves; a vehicle on its own keeps its dot, label and click.
 */
export function ClusteredDots({ dots, permanentLabels }: { dots: MapDot[]; permanentLabels: boolean }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const groups = useMemo((): Group[] => {
    if (zoom >= Math.min(DEEPEST_ZOOM, map.getMaxZoom())) {
      return dots.map((d) => ({ items: [d], worst: d }));
    }
    const points = dots.map((d) => {
      const p = map.project([d.latitude, d.longitude], zoom);
      return { item: d, x: p.x, y: p.y, rank: d.rank };
    });
    return clusterPixels(points, RADIUS_PX);
  }, [dots, zoom, map]);
  return groups.map((g) =>
    g.items.length === 1 ? (
      <Dot key={g.worst.key} dot={g.worst} permanent={permanentLabels} />
    ) : (
      // Leaflet keeps a marker's title as created: a new member or state makes a new badge.
      <Cluster key={`cluster:${g.items.map((d) => d.key).join(',')}:${clusterSummary(g.items)}`} group={g} />
    ),
  );
}
