import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  BidVisibility,
  BidVisibilityInputParsed,
  Package,
  PackageInputParsed,
  PaymentSetting,
  PaymentSettingInputParsed,
  Product,
  ProductInputParsed,
  StatusListQuery,
  VehicleType,
  VehicleTypeInputParsed,
} from '@freightdesk/shared/schemas/settings';
import { plants } from '../../db/schema/plants.ts';
import { bidVisibilitySettings, packages, paymentSettings, products, vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { checkCarrierLinkRef, checkPlantRef } from '../../lib/references.ts';
import { withIsoDates } from '../../lib/rows.ts';
import { tenantResource } from '../../lib/tenant-resource.ts';

const statusFilter = (column: PgColumn) => (q: StatusListQuery) => [q.status ? eq(column, q.status) : undefined];
/** The columns every settings row shares. */
const meta = (t: { id: PgColumn; status: PgColumn; createdAt: PgColumn; updatedAt: PgColumn }) => ({
  id: t.id,
  status: t.status,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export const productResource = tenantResource<Product, ProductInputParsed, StatusListQuery>({
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
});

export const packageResource = tenantResource<Package, PackageInputParsed, StatusListQuery>({
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
});

/** The shipper's own vehicle types; the global catalogue is read through the options call. */
export const vehicleTypeResource = tenantResource<VehicleType, VehicleTypeInputParsed, StatusListQuery>({
  entity: 'vehicle-type',
  label: 'Vehicle type',
  table: vehicleTypes as never,
  select: {
    ...meta(vehicleTypes),
    name: vehicleTypes.name,
    body: vehicleTypes.body,
    capacityTonnes: vehicleTypes.capacityTonnes,
    global: sql<boolean>`(vehicle_types.industry_id is null)`.as('global'),
  },
  search: [vehicleTypes.name],
  sorts: { name: vehicleTypes.name, capacityTonnes: vehicleTypes.capacityTonnes },
  filters: statusFilter(vehicleTypes.status),
  unique: { vehicle_types_industry_name: ['name', 'Another vehicle type already has this name.'] },
  toRow: withIsoDates<VehicleType>,
  toValues: (input) => input,
});

export const bidVisibilityResource = tenantResource<BidVisibility, BidVisibilityInputParsed, StatusListQuery>({
  entity: 'bid-visibility',
  label: 'Bid position visibility',
  table: bidVisibilitySettings,
  select: {
    ...meta(bidVisibilitySettings),
    plantId: bidVisibilitySettings.plantId,
    plantName: plants.name,
    visibility: bidVisibilitySettings.visibility,
    minDecrementRupees: sql<number>`(bid_visibility_settings.min_decrement_paise / 100.0)::float8`.as('min_decrement_rupees'),
    antiSnipingMinutes: bidVisibilitySettings.antiSnipingMinutes,
    awardWindowHours: bidVisibilitySettings.awardWindowHours,
  },
  joins: [{ table: plants, on: eq(plants.id, bidVisibilitySettings.plantId) }],
  search: [plants.name],
  sorts: { plant: plants.name, createdAt: bidVisibilitySettings.createdAt },
  filters: statusFilter(bidVisibilitySettings.status),
  unique: { bid_visibility_industry_plant: ['plantId', 'A setting for this plant (or the default) already exists.'] },
  toRow: withIsoDates<BidVisibility>,
  toValues: ({ minDecrementRupees, ...rest }) => ({ ...rest, minDecrementPaise: Math.round(minDecrementRupees * 100) }),
  check: (tx, actor, input) => checkPlantRef(tx, actor.industryId, input.plantId),
});

export const paymentSettingResource = tenantResource<PaymentSetting, PaymentSettingInputParsed, StatusListQuery>({
  entity: 'payment-setting',
  label: 'Payment setting',
  table: paymentSettings,
  select: {
    ...meta(paymentSettings),
    plantId: paymentSettings.plantId,
    plantName: plants.name,
    carrierLinkId: paymentSettings.carrierLinkId,
    carrierName: carriers.name,
    advancePercent: paymentSettings.advancePercent,
    balanceOnPod: paymentSettings.balanceOnPod,
    creditDays: paymentSettings.creditDays,
    detentionFreeHours: paymentSettings.detentionFreeHours,
    detentionRupeesPerDay: sql<number>`(payment_settings.detention_per_day_paise / 100.0)::float8`.as('detention_rupees_per_day'),
  },
  joins: [
    { table: plants, on: eq(plants.id, paymentSettings.plantId) },
    { table: industryCarriers, on: eq(industryCarriers.id, paymentSettings.carrierLinkId) },
    { table: carriers, on: eq(carriers.id, industryCarriers.carrierId) },
  ],
  search: [plants.name, carriers.name],
  sorts: { plant: plants.name, carrier: carriers.name, createdAt: paymentSettings.createdAt },
  filters: statusFilter(paymentSettings.status),
  unique: { payment_settings_scope: ['plantId', 'A payment setting for this plant and carrier already exists.'] },
  toRow: withIsoDates<PaymentSetting>,
  toValues: ({ detentionRupeesPerDay, ...rest }) => ({ ...rest, detentionPerDayPaise: Math.round(detentionRupeesPerDay * 100) }),
  check: async (tx, actor, input) => {
    await checkPlantRef(tx, actor.industryId, input.plantId);
    await checkCarrierLinkRef(tx, actor.industryId, input.carrierLinkId);
  },
});
