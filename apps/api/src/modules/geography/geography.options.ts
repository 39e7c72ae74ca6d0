import { asc, eq, sql } from 'drizzle-orm';
import { countries, states } from '../../db/schema/platform.ts';
import type { OptionsSpec } from '../../lib/options.ts';

/** Countries for the admin's state form. */
export const countryOptions: OptionsSpec = {
  access: { userTypes: [1] },
  tag: 'geography',
  table: countries,
  columns: { id: countries.id, label: countries.name, name: countries.name, code: countries.code },
  label: countries.name,
  scope: () => undefined,
  offered: eq(countries.status, 'active'),
  search: [countries.name, countries.code],
  order: [asc(countries.name), asc(countries.id)],
};

const stateLabel = sql<string>`${states.name} || ', ' || ${countries.name}`;

/** States (with their country) for the admin's city form. */
export const stateOptions: OptionsSpec = {
  access: { userTypes: [1] },
  tag: 'geography',
  table: states,
  joins: [{ table: countries, on: eq(countries.id, states.countryId) }],
  columns: { id: states.id, label: stateLabel.as('label'), name: states.name, code: states.code },
  label: stateLabel,
  scope: () => undefined,
  offered: eq(states.status, 'active'),
  search: [states.name, states.code],
  order: [asc(states.name), asc(states.id)],
};
