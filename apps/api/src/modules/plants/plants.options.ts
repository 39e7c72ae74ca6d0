import { and, asc, eq } from 'drizzle-orm';
import { plants } from '../../db/schema/plants.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';
import { staffPlantScope } from '../../lib/policy.ts';

/** Plants for pickers and filters: the shipper's, within a staff user's plants. */
export const plantOptions: OptionsSpec = {
  master: 'plants',
  tag: 'plants',
  table: plants,
  columns: { id: plants.id, label: plants.name, name: plants.name, code: plants.code, city: plants.city },
  label: plants.name,
  scope: (user) => and(eq(plants.industryId, industryOf(user)), staffPlantScope(user, plants.id)),
  offered: eq(plants.status, 'active'),
  search: [plants.name, plants.code, plants.city],
  order: [asc(plants.name), asc(plants.id)],
};
