import { asc, eq } from 'drizzle-orm';
import { carrierGroups, carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

/** Carriers of My Carriers for pickers (id = the link id); blocked ones are not offered. */
export const carrierOptions: OptionsSpec = {
  master: 'carriers',
  tag: 'carriers',
  table: industryCarriers,
  joins: [{ table: carriers, on: eq(carriers.id, industryCarriers.carrierId) }],
  columns: { id: industryCarriers.id, label: carriers.name, name: carriers.name, code: industryCarriers.code, city: carriers.city },
  label: carriers.name,
  scope: (user) => eq(industryCarriers.industryId, industryOf(user)),
  offered: eq(industryCarriers.status, 'active'),
  search: [carriers.name, industryCarriers.code, carriers.city],
  order: [asc(carriers.name), asc(industryCarriers.id)],
};

export const carrierGroupOptions: OptionsSpec = {
  master: 'carrierGroups',
  tag: 'carrier groups',
  table: carrierGroups,
  columns: { id: carrierGroups.id, label: carrierGroups.name, name: carrierGroups.name },
  label: carrierGroups.name,
  scope: (user) => eq(carrierGroups.industryId, industryOf(user)),
  offered: eq(carrierGroups.status, 'active'),
  search: [carrierGroups.name],
  order: [asc(carrierGroups.name), asc(carrierGroups.id)],
};
