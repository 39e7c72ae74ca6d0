import { asc, eq } from 'drizzle-orm';
import { routeMasters } from '../../db/schema/routes.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

export const routeMasterOptions: OptionsSpec = {
  master: 'routeMasters',
  tag: 'route masters',
  table: routeMasters,
  columns: { id: routeMasters.id, label: routeMasters.name, name: routeMasters.name, distanceKm: routeMasters.distanceKm },
  label: routeMasters.name,
  scope: (user) => eq(routeMasters.industryId, industryOf(user)),
  offered: eq(routeMasters.status, 'active'),
  search: [routeMasters.name],
  order: [asc(routeMasters.name), asc(routeMasters.id)],
};
