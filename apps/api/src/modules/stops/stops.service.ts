import { eq } from 'drizzle-orm';
import type { Stop, StopInputParsed, StopListQuery } from '@freightdesk/shared/schemas/stop';
import { stops } from '../../db/schema/locations.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';

export const stopResource = tenantResource<Stop, StopInputParsed, StopListQuery>({
  entity: 'stop',
  label: 'Location',
  table: stops,
  select: {
    id: stops.id,
    name: stops.name,
    type: stops.type,
    address: stops.address,
    city: stops.city,
    state: stops.state,
    pincode: stops.pincode,
    latitude: stops.latitude,
    longitude: stops.longitude,
    geofenceRadius: stops.geofenceRadius,
    status: stops.status,
    createdAt: stops.createdAt,
    updatedAt: stops.updatedAt,
  },
  search: [stops.name, stops.city, stops.pincode, stops.address],
  sorts: { name: stops.name, city: stops.city, state: stops.state, type: stops.type, status: stops.status, createdAt: stops.createdAt },
  filters: (q) => [q.status ? eq(stops.status, q.status) : undefined, q.type ? eq(stops.type, q.type) : undefined],
  toRow: withIsoDates<Stop>,
  toValues: (input) => input,
});
