import { greatCircleKm, ROAD_DETOUR_FACTOR } from '@freightdesk/shared/geo';
import { simulatedDeviceTrips } from '../../../repositories/tracking-runs.repository.ts';
import { loadTrips } from '../../../repositories/tracking-trips.repository.ts';
import { pointAlong } from './journey.ts';
import { journeyOf, type PollContext, providerRow } from './provider-poll.ts';

/** The demo phone's identifier: a `simulated` device, moved by the server, never taken from outside. */
export const DEMO_PHONE_IDENTIFIER = 'DEMO-PHONE-1';
const KMH = 45;

/**
 * The built-in device simulator of the demo: every active trip tracked by a simulated device gets a
 * position each round (the provider job's minute), where a truck at 45 km/h would be on its lane
 * since it left the gate, stored as source "simulator" through the same writer as real phones.
 * On arrival it stays at the drop-off, whose geofence then marks the order arrived by itself.
 */
export async function moveDemoDevices(ctx: PollContext, now = new Date()): Promise<number> {
  const rows = await simulatedDeviceTrips(ctx.db);
  if (!rows.length) {
    return 0;
  }
  const trips = await loadTrips(
    ctx.db,
    rows.map((r) => Number(r.order_id)),
  );
  let moved = 0;
  for (const r of rows) {
    const trip = trips.get(Number(r.order_id));
    const journey = trip ? journeyOf(trip) : null;
    if (!trip || !journey) {
      continue;
    }
    const hours = (now.getTime() - journey.startedAt.getTime()) / 3_600_000;
    const km = Math.max(0, (hours * KMH) / ROAD_DETOUR_FACTOR);
    const here = pointAlong(journey.points, km);
    const ahead = pointAlong(journey.points, km + 1);
    const arrived = greatCircleKm(here, ahead) < 0.01;
    const bearing = (Math.atan2(ahead.longitude - here.longitude, ahead.latitude - here.latitude) * 180) / Math.PI;
    await ctx.write({
      ...providerRow(trip, 'simulator', new Date(Math.floor(now.getTime() / 1000) * 1000), {
        latitude: Math.round(here.latitude * 1e6) / 1e6,
        longitude: Math.round(here.longitude * 1e6) / 1e6,
        speedKmh: arrived ? 0 : KMH + ((now.getUTCMinutes() * 7) % 15) - 7,
        bearing: arrived ? null : (bearing + 360) % 360,
        accuracy: 8,
        battery: 86,
      }),
      deviceId: Number(r.device_id),
    });
    moved++;
  }
  return moved;
}
