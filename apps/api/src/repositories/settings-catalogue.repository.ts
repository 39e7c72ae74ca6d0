import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  Package,
  PackageInputParsed,
  Product,
  ProductInputParsed,
  StatusListQuery,
  VehicleType,
  VehicleTypeInputParsed,
} from '@freightdesk/shared/schemas/settings';
import { packages, products, vehicleTypes } from '../db/schema/settings.ts';
import { industryOf } from '../lib/access.ts';
import type { OptionsSpec } from './common/options.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';

/**
 * The shipper's catalogue settings (issue 32): products, packages and vehicle types, their pickers
 * and rows, scoped to the shipper (vehicle types' pickers add the global catalogue).
 */

export const productOptions: OptionsSpec = {
  answer: masterOptionRows.product,
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
  answer: masterOptionRows.package,
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
  answer: masterOptionRows.vehicleType,
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

export const statusFilter = (column: PgColumn) => (q: StatusListQuery) => [q.status ? eq(column, q.status) : undefined];
/** The columns every settings row shares. */
export const meta = (t: { id: PgColumn; status: PgColumn; createdAt: PgColumn; updatedAt: PgColumn }) => ({
  id: t.id,
  status: t.status,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export const productSpec: ResourceSpec<Product, ProductInputParsed, StatusListQuery> = {
  entity: 'product',
  label: 'Product',
  table: products,
  select: { ...meta(products), name: products.name, hsnCode: products.hsnCode, unit: products.unit },
  search: [products.name, products.hsnCode],
  sorts: { name: products.name, createdAt: products.createdAt },
  filters: statusFilter(products.status),
  unique: { products_industry_name: ['name', 'Another product already has this name.'] },
  toRow: withIsoDates<Product>,
  toValues: (input) => ({ ...input, hsnCode: input.hsnCode ?? null }),
};

export const packageSpec: ResourceSpec<Package, PackageInputParsed, StatusListQuery> = {
  entity: 'package',
  label: 'Package',
  table: packages,
  select: { ...meta(packages), name: packages.name, unitWeightKg: packages.unitWeightKg },
  search: [packages.name],
  sorts: { name: packages.name, createdAt: packages.createdAt },
  filters: statusFilter(packages.status),
  unique: { packages_industry_name: ['name', 'Another package already has this name.'] },
  toRow: withIsoDates<Package>,
  toValues: (input) => input,
};

/** The shipper's own vehicle types; the global catalogue is read through the options call. */
export const vehicleTypeSpec: ResourceSpec<VehicleType, VehicleTypeInputParsed, StatusListQuery> = {
  entity: 'vehicle-type',
  label: 'Vehicle type',
  table: vehicleTypes as never,
  select: {
    ...meta(vehicleTypes),
    name: vehicleTypes.name,
    body: vehicleTypes.body,
    capacityTonnes: vehicleTypes.capacityTonnes,
    fuel: vehicleTypes.fuel,
    global: sql<boolean>`(vehicle_types.industry_id is null)`.as('global'),
  },
  search: [vehicleTypes.name],
  sorts: { name: vehicleTypes.name, capacityTonnes: vehicleTypes.capacityTonnes },
  filters: statusFilter(vehicleTypes.status),
  unique: { vehicle_types_industry_name: ['name', 'Another vehicle type already has this name.'] },
  toRow: withIsoDates<VehicleType>,
  toValues: (input) => input,
};
