import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { asc, eq, sql } from 'drizzle-orm';
import type { Stop, StopInputParsed, StopListQuery } from '@freightdesk/shared/schemas/stop';
import { stops } from '../db/schema/locations.ts';
import { industryOf } from '../lib/access.ts';
import type { OptionsSpec } from './common/options.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/** Locations (stops, issue 32): their picker and their rows, scoped to the shipper. */

const label = sql<string>`${stops.name} || ', ' || ${stops.city}`;

/** Locations (stops) for drop-off and route pickers. */
export const stopOptions: OptionsSpec = {
  answer: masterOptionRows.stop,
  master: 'stops',
  tag: 'locations',
  table: stops,
  columns: { id: stops.id, label: label.as('label'), name: stops.name, city: stops.city, type: stops.type },
  label,
  scope: (user) => eq(stops.industryId, industryOf(user)),
  offered: eq(stops.status, 'active'),
  search: [stops.name, stops.city, stops.pincode],
  order: [asc(stops.name), asc(stops.id)],
};

export const stopSpec: ResourceSpec<Stop, StopInputParsed, StopListQuery> = {
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
};
