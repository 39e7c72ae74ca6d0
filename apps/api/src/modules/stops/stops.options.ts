import { asc, eq, sql } from 'drizzle-orm';
import { stops } from '../../db/schema/locations.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

const label = sql<string>`${stops.name} || ', ' || ${stops.city}`;

/** Locations (stops) for drop-off and route pickers. */
export const stopOptions: OptionsSpec = {
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
