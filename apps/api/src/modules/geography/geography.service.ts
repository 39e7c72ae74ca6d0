import { count, eq, sql } from 'drizzle-orm';
import type {
  City,
  CityInputParsed,
  Country,
  CountryInputParsed,
  GeoListQuery,
  State,
  StateInputParsed,
} from '@freightdesk/shared/schemas/geography';
import type { Db, DbOrTx } from '../../db/client.ts';
import india from '../../db/data/india-geography.json' with { type: 'json' };
import { cities, countries, states } from '../../db/schema/platform.ts';
import { badRequest } from '../../lib/errors.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';

async function exists(tx: DbOrTx, table: typeof countries | typeof states, id: number, field: string, what: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) {
    throw badRequest(field, `Choose an existing ${what}.`);
  }
}

export const countryResource = tenantResource<Country, CountryInputParsed, GeoListQuery>({
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
});

export const stateResource = tenantResource<State, StateInputParsed, GeoListQuery>({
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
});

export const cityResource = tenantResource<City, CityInputParsed, GeoListQuery>({
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
});

/** Loads India's states and cities (shipped data file) into an empty geography. */
export async function ensureGeography(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(countries);
  if ((row?.n ?? 0) > 0) {
    return;
  }
  await db.transaction(async (tx) => {
    const [country] = await tx.insert(countries).values(india.country).returning({ id: countries.id });
    const countryId = country?.id ?? 0;
    const made = await tx
      .insert(states)
      .values(india.states.map((s) => ({ countryId, name: s.name, code: s.code })))
      .returning({ id: states.id, name: states.name });
    const ids = new Map(made.map((s) => [s.name, s.id]));
    await tx.insert(cities).values(india.states.flatMap((s) => s.cities.map((name) => ({ stateId: ids.get(s.name) ?? 0, name }))));
  });
}
