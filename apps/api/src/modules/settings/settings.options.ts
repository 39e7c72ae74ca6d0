import { asc, eq, isNull, or } from 'drizzle-orm';
import { packages, products, vehicleTypes } from '../../db/schema/settings.ts';
import { industryOf } from '../../lib/access.ts';
import type { OptionsSpec } from '../../lib/options.ts';

export const productOptions: OptionsSpec = {
  master: 'products',
  tag: 'settings',
  table: products,
  columns: { id: products.id, label: products.name, name: products.name, unit: products.unit },
  label: products.name,
  scope: (user) => eq(products.industryId, industryOf(user)),
  offered: eq(products.status, 'active'),
  search: [products.name, products.hsnCode],
  order: [asc(products.name), asc(products.id)],
};

export const packageOptions: OptionsSpec = {
  master: 'packages',
  tag: 'settings',
  table: packages,
  columns: { id: packages.id, label: packages.name, name: packages.name, unitWeightKg: packages.unitWeightKg },
  label: packages.name,
  scope: (user) => eq(packages.industryId, industryOf(user)),
  offered: eq(packages.status, 'active'),
  search: [packages.name],
  order: [asc(packages.name), asc(packages.id)],
};

/** The global catalogue and the shipper's own types, smallest first. */
export const vehicleTypeOptions: OptionsSpec = {
  master: 'vehicleTypes',
  tag: 'settings',
  table: vehicleTypes,
  columns: {
    id: vehicleTypes.id,
    label: vehicleTypes.name,
    name: vehicleTypes.name,
    body: vehicleTypes.body,
    capacityTonnes: vehicleTypes.capacityTonnes,
  },
  label: vehicleTypes.name,
  scope: (user) => or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryOf(user))),
  offered: eq(vehicleTypes.status, 'active'),
  search: [vehicleTypes.name, vehicleTypes.body],
  order: [asc(vehicleTypes.capacityTonnes), asc(vehicleTypes.name), asc(vehicleTypes.id)],
};
