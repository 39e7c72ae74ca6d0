import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  City,
  CityInputParsed,
  Country,
  CountryInputParsed,
  GeoListQuery,
  State,
  StateInputParsed,
} from '@freightdesk/shared/schemas/geography';
import type { DbOrTx } from '../db/client.ts';
import india from '../db/data/india-geography.json' with { type: 'json' };
import { cities, countries, states } from '../db/schema/platform.ts';
import { badRequest } from '../lib/errors.ts';
import type { OptionsSpec } from './common/options.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/** Geography (issue 32): the platform's countries, states and cities, admin data without a tenant. */

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

async function exists(tx: DbOrTx, table: typeof countries | typeof states, id: number, field: string, what: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) {
    throw badRequest(field, `Choose an existing ${what}.`);
  }
}

export const countrySpec: ResourceSpec<Country, CountryInputParsed, GeoListQuery> = {
  entity: 'country',
  label: 'Country',
  global: true,
  table: countries,
  select: {
    id: countries.id,
    name: countries.name,
    code: countries.code,
    status: countries.status,
    stateCount: sql<number>`(select count(*) from states s where s.country_id = countries.id)::int`.as('state_count'),
    createdAt: countries.createdAt,
    updatedAt: countries.updatedAt,
  },
  search: [countries.name, countries.code],
  sorts: { name: countries.name, code: countries.code },
  // A reader looks a place up by name: A to Z unless asked otherwise (issue 38).
  defaultSort: 'name',
  filters: (q) => [q.status ? eq(countries.status, q.status) : undefined],
  unique: { countries_code: ['code', 'Another country already has this code.'] },
  toRow: withIsoDates<Country>,
  toValues: (input) => input,
};

export const stateSpec: ResourceSpec<State, StateInputParsed, GeoListQuery> = {
  entity: 'state',
  label: 'State',
  global: true,
  table: states,
  select: {
    id: states.id,
    countryId: states.countryId,
    countryName: countries.name,
    name: states.name,
    code: states.code,
    status: states.status,
    createdAt: states.createdAt,
    updatedAt: states.updatedAt,
  },
  joins: [{ table: countries, on: eq(countries.id, states.countryId) }],
  search: [states.name, states.code],
  sorts: { name: states.name, code: states.code },
  // A reader looks a place up by name: A to Z unless asked otherwise (issue 38).
  defaultSort: 'name',
  filters: (q) => [q.status ? eq(states.status, q.status) : undefined, q.countryId ? eq(states.countryId, q.countryId) : undefined],
  unique: { states_country_name: ['name', 'This country already has a state of this name.'] },
  toRow: withIsoDates<State>,
  toValues: (input) => input,
  check: (tx, _actor, input) => exists(tx, countries, input.countryId, 'countryId', 'country'),
};

export const citySpec: ResourceSpec<City, CityInputParsed, GeoListQuery> = {
  entity: 'city',
  label: 'City',
  global: true,
  table: cities,
  select: {
    id: cities.id,
    stateId: cities.stateId,
    stateName: states.name,
    name: cities.name,
    status: cities.status,
    createdAt: cities.createdAt,
    updatedAt: cities.updatedAt,
  },
  joins: [{ table: states, on: eq(states.id, cities.stateId) }],
  search: [cities.name, states.name],
  sorts: { name: cities.name, state: states.name },
  // A reader looks a place up by name: A to Z unless asked otherwise (issue 38).
  defaultSort: 'name',
  filters: (q) => [q.status ? eq(cities.status, q.status) : undefined, q.stateId ? eq(cities.stateId, q.stateId) : undefined],
  unique: { cities_state_name: ['name', 'This state already has a city of this name.'] },
  toRow: withIsoDates<City>,
  toValues: (input) => input,
  check: (tx, _actor, input) => exists(tx, states, input.stateId, 'stateId', 'state'),
};

/** Active states (of a country), A to Z, for every logged-in user's pickers. */
export const activeStatesQuery = (db: DbOrTx, countryId?: number) =>
  db
    .select({ id: states.id, name: states.name, code: states.code })
    .from(states)
    .where(and(eq(states.status, 'active'), countryId ? eq(states.countryId, countryId) : undefined))
    .orderBy(asc(states.name));

/** Active cities of a state, A to Z. */
export const activeCitiesQuery = (db: DbOrTx, stateId: number) =>
  db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(eq(cities.status, 'active'), eq(cities.stateId, stateId)))
    .orderBy(asc(cities.name));

export async function countryCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(countries);
  return row?.n ?? 0;
}

/** Inserts India with its states and their cities (the shipped data file). */
export async function insertIndiaGeography(tx: DbOrTx): Promise<void> {
  const [country] = await tx.insert(countries).values(india.country).returning({ id: countries.id });
  const countryId = country?.id ?? 0;
  const made = await tx
    .insert(states)
    .values(india.states.map((s) => ({ countryId, name: s.name, code: s.code })))
    .returning({ id: states.id, name: states.name });
  const ids = new Map(made.map((s) => [s.name, s.id]));
  await tx.insert(cities).values(india.states.flatMap((s) => s.cities.map((name) => ({ stateId: ids.get(s.name) ?? 0, name }))));
}
