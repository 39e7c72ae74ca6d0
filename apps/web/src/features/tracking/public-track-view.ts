import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import type { PublicTrack } from '@freightdesk/shared/schemas/tracking-links';
import { mapText } from '../../components/map/map-text.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { ageText, speedText } from './tracking-words.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

/*
 * The page behind a public link (`#/live/{token}`, `#/fast/{token}`): one shipment for anyone
 * holding the link. Issue 10 allows it at most 100 KB of gzipped JavaScript, and React DOM alone
 * is 60 KB, so it is plain DOM and Leaflet: no React, no Mantine, no router, no session. Every
 * text from the server is set as text, never as HTML (the map's labels through mapText).
 */

/** The server allows 60 reads a minute per address; a page reading every 20 s leaves room for a few tabs. */
const POLL_MS = 20_000;
const STOP_COLOR = { pickup: '#1c7ed6', drop: '#e8590c' } as const;

type Answer = { track: PublicTrack } | { error: string; gone: boolean };
type MapTiles = { mapTileUrl: string; mapTileAttribution: string };

async function readTrack(token: string): Promise<Answer> {
  try {
    const res = await fetch(`/api/public/tracking/${encodeURIComponent(token)}`, { cache: 'no-store' });
    const body = (await res.json().catch(() => null)) as { data?: PublicTrack; error?: { message: string } } | null;
    if (res.ok && body?.data) {
      return { track: body.data };
    }
    const gone = res.status === 400 || res.status === 404 || res.status === 410;
    return { error: body?.error?.message ?? 'The shipment could not be loaded. The page tries again by itself.', gone };
  } catch {
    return { error: 'No connection. The page tries again by itself.', gone: false };
  }
}

const STYLE = `
body{margin:0}
.fd-live{min-height:100vh;background:#f8f9fa;font-family:Inter,system-ui,sans-serif;color:#212529}
.fd-live header{background:#1b6f4c;color:#fff;padding:12px 20px;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
.fd-live header strong{font-size:20px}
.fd-live main{max-width:1100px;margin:0 auto;padding:16px;display:grid;gap:12px}
.fd-live h1{font-size:22px;margin:0}
.fd-live .title{display:flex;gap:12px;align-items:center;flex-wrap:wrap}
.fd-live .chip{background:#e6fcf5;color:#087f5b;border-radius:12px;padding:2px 10px;font-size:13px;font-weight:600}
.fd-live .card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px}
.fd-live .grid{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.fd-live .label{font-size:12px;color:#5f676e;margin:0}
.fd-live .value{font-size:15px;font-weight:600;margin:2px 0 0}
.fd-live .map{height:55vh;border-radius:8px}
.fd-live ol{margin:4px 0 0;padding-left:20px;font-size:14px}
.fd-live .alert{border-color:#ffa8a8;background:#fff5f5}
.fd-live .alert.soft{border-color:#ffd43b;background:#fff9db}
.fd-live [hidden]{display:none}
.fd-live .leaflet-container .leaflet-control-attribution a{color:#1b6f4c;text-decoration:underline}
`;

/** An element with a class and text (always text: server words never become HTML). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

function fact(name: string, value: string, note = ''): HTMLElement {
  const box = el('div');
  box.append(el('p', 'label', name), el('p', 'value', value));
  if (note) {
    box.append(el('p', 'label', note));
  }
  return box;
}

/** The page's frame: header, title, alert, map, facts. */
function frame(container: HTMLElement) {
  const style = el('style', '', STYLE);
  const root = el('div', 'fd-live');
  const header = el('header');
  header.append(el('strong', '', 'Freightdesk'), el('span', '', 'Live shipment tracking'));
  document.title = 'Live shipment tracking · Freightdesk';
  const main = el('main');
  const title = el('div', 'title');
  const alert = el('div', 'card alert');
  alert.setAttribute('role', 'alert');
  alert.hidden = true;
  const mapBox = el('div', 'card');
  mapBox.style.padding = '4px';
  const map = el('div', 'map');
  map.setAttribute('role', 'region');
  map.setAttribute('aria-roledescription', 'map');
  mapBox.append(map);
  mapBox.hidden = true;
  const facts = el('div', 'grid');
  const footer = el('p', 'label');
  const loading = el('p', '', 'Loading the shipment…');
  main.append(title, loading, alert, mapBox, facts, footer);
  root.append(header, main);
  container.replaceChildren(style, root);
  return { title, alert, mapBox, map, facts, footer, loading };
}

type Frame = ReturnType<typeof frame>;

/** The FASTag toll plazas crossed, when there are any. */
function tollsCard(t: PublicTrack): HTMLElement[] {
  if (!t.tolls.length) {
    return [];
  }
  const tolls = el('section', 'card');
  tolls.setAttribute('aria-label', 'Toll plazas crossed');
  const crossed = el('ol');
  for (const c of t.tolls) {
    crossed.append(el('li', '', `${c.plaza} — ${formatDateTime(c.readAt)}`));
  }
  tolls.append(el('p', 'label', 'Toll plazas crossed (FASTag)'), crossed);
  return [tolls];
}

/** The consignment note: its number and day, who sends to whom, the goods (as text, like every label here). */
function noteCard(t: PublicTrack): HTMLElement[] {
  const n = t.consignmentNote;
  if (!n) {
    return [];
  }
  const card = el('section', 'card');
  card.setAttribute('aria-label', 'Consignment note');
  const goods = [
    n.goods,
    n.packages === null ? null : `${indianNumber(n.packages)} packages`,
    n.weightKg === null ? null : `${indianNumber(Math.round(n.weightKg))} kg`,
  ];
  card.append(
    fact('Consignment note (LR)', n.number, `${formatDate(n.noteDate)} · ${n.consignor} → ${n.consignees.join(', ')}`),
    el('p', 'label', goods.filter(Boolean).join(' · ')),
  );
  return [card];
}

function showTrack(f: Frame, t: PublicTrack) {
  const h1 = el('h1', '', `Shipment ${t.orderNumber}`);
  const parts: HTMLElement[] = [h1, el('span', 'chip', t.statusLabel)];
  if (t.vehicleNumber) {
    parts.push(el('span', 'label', `Vehicle ${t.vehicleNumber}`));
  }
  f.title.replaceChildren(...parts);
  // The tab says which shipment, as every page of the app names itself (WCAG 2.4.2).
  document.title = `Shipment ${t.orderNumber} · Freightdesk`;
  const last = t.lastPosition;
  const where = el('section', 'card');
  where.setAttribute('aria-label', 'Last position');
  where.append(
    last
      ? fact(
          'Last position',
          last.place ?? `${last.latitude.toFixed(4)}, ${last.longitude.toFixed(4)}`,
          `${ageText(last.ageMinutes)} · ${speedText(last.speedKmh)}`,
        )
      : fact('Last position', 'No position yet'),
  );
  const eta = el('section', 'card');
  eta.setAttribute('aria-label', 'Arrival');
  eta.append(fact('ETA', formatDateTime(t.etaAt), `Updated ${formatDateTime(new Date().toISOString())}`));
  const stops = el('section', 'card');
  stops.setAttribute('aria-label', 'Stops');
  const list = el('ol');
  for (const s of t.stops) {
    const reached = s.arrivedAt ? ` — reached ${formatDateTime(s.arrivedAt)}` : '';
    list.append(el('li', '', `${s.kind === 'pickup' ? 'Pickup' : 'Drop-off'}: ${s.label}${s.city ? `, ${s.city}` : ''}${reached}`));
  }
  stops.append(el('p', 'label', 'Stops'), list);
  const cards = [where, eta, stops, ...tollsCard(t), ...noteCard(t)];
  f.facts.replaceChildren(...cards);
  f.footer.textContent = t.expiresAt ? `This link works until ${formatDateTime(t.expiresAt)}.` : '';
  f.map.setAttribute('aria-label', `Map of shipment ${t.orderNumber}`);
}

/** The Leaflet map of the shipment: stops, plan line, trail and vehicle, redrawn on each read; framed once. */
function tripMap(node: HTMLElement, tiles: Promise<MapTiles | undefined>) {
  const map = L.map(node, { scrollWheelZoom: false }).setView([22.5, 79], 5);
  void tiles.then((t) => t && L.tileLayer(t.mapTileUrl, { attribution: t.mapTileAttribution }).addTo(map));
  const layer = L.layerGroup().addTo(map);
  let framed = false;
  return (t: PublicTrack) => {
    layer.clearLayers();
    const stops = t.stops.flatMap((s) =>
      s.latitude === null || s.longitude === null ? [] : [{ ...s, at: L.latLng(s.latitude, s.longitude) }],
    );
    if (stops.length > 1) {
      L.polyline(
        stops.map((s) => s.at),
        { color: '#495057', weight: 2, dashArray: '6 6' },
      ).addTo(layer);
    }
    const trail = t.trail.map(([lat, lng]) => L.latLng(lat, lng));
    if (trail.length > 1) {
      L.polyline(trail, { color: '#2fa271', weight: 4, opacity: 0.85 }).addTo(layer);
    }
    stops.forEach((s, i) => {
      L.circleMarker(s.at, { radius: 8, color: STOP_COLOR[s.kind], fillOpacity: s.arrivedAt ? 0.9 : 0.25 })
        .bindTooltip(mapText(`${i + 1}. ${s.label}`), { permanent: true, direction: 'top', offset: [0, -8] })
        .addTo(layer);
    });
    const last = t.lastPosition;
    const points = [...stops.map((s) => s.at), ...trail];
    if (last) {
      const at = L.latLng(last.latitude, last.longitude);
      points.push(at);
      L.circleMarker(at, { radius: 10, color: '#fff', weight: 3, fillColor: '#c92a2a', fillOpacity: 1 })
        .bindTooltip(mapText(`${t.vehicleNumber ?? 'Vehicle'} · ${ageText(last.ageMinutes)}`), {
          permanent: true,
          direction: 'auto',
          offset: [10, 0],
        })
        .addTo(layer);
    }
    map.invalidateSize();
    if (!framed && points.length) {
      framed = true;
      map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 13, animate: false });
    }
  };
}

/**
 * Shows the shipment of `token` in `container`, read again every 20 s; a revoked, expired or
 * unknown link says so and stops reading. Answers a function that stops the page.
 */
export function mountPublicTrack(container: HTMLElement, token: string): () => void {
  const f = frame(container);
  const tiles = fetch('/api/config')
    .then((r) => r.json() as Promise<{ data?: MapTiles }>)
    .then((b) => b.data)
    .catch(() => undefined);
  let draw: ((t: PublicTrack) => void) | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = async () => {
    const answer = await readTrack(token);
    if (stopped) {
      return;
    }
    f.loading.hidden = true;
    if ('track' in answer) {
      f.alert.hidden = true;
      f.mapBox.hidden = false;
      showTrack(f, answer.track);
      draw ??= tripMap(f.map, tiles);
      draw(answer.track);
    } else {
      f.alert.hidden = false;
      f.alert.classList.toggle('soft', !answer.gone);
      f.alert.replaceChildren(
        el('strong', '', answer.gone ? 'This tracking link cannot be used' : 'Not updated'),
        el('p', '', answer.error),
      );
      if (answer.gone) {
        // A withdrawn link shows nothing of the shipment any more.
        f.mapBox.hidden = true;
        f.facts.replaceChildren();
        f.title.replaceChildren();
        f.footer.textContent = '';
        return;
      }
    }
    timer = setTimeout(() => void read(), POLL_MS);
  };
  void read();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
