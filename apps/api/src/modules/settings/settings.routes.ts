import type { FastifyInstance } from 'fastify';
import { STATUS_LABEL, type Status } from '@freightdesk/shared/schemas/common';
import {
  BID_VISIBILITY_LABEL,
  bidVisibilityInputSchema,
  bidVisibilitySchema,
  packageInputSchema,
  packageSchema,
  paymentSettingInputSchema,
  paymentSettingSchema,
  productInputSchema,
  productSchema,
  statusListQuerySchema,
  vehicleTypeInputSchema,
  vehicleTypeSchema,
} from '@freightdesk/shared/schemas/settings';
import { registerResourceRoutes } from '../../lib/resource-routes.ts';
import {
  bidVisibilityResource,
  packageResource,
  paymentSettingResource,
  productResource,
  vehicleTypeResource,
} from './settings.service.ts';
import { packageOptions, productOptions, vehicleTypeOptions } from '../../repositories/settings-catalogue.repository.ts';
import { registerOptionsRoute } from '../../repositories/common/options.ts';

const status = { key: 'status', label: 'Status', format: (v: unknown) => STATUS_LABEL[v as Status] } as const;

export async function productRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, productOptions);
  registerResourceRoutes(fastify, productResource, {
    tag: 'settings',
    permissions: { add: 'add-product', edit: 'add-product' },
    input: productInputSchema,
    answer: productSchema,
    listQuery: statusListQuerySchema,
    exportColumns: [{ key: 'name', label: 'Product' }, { key: 'hsnCode', label: 'HSN code' }, { key: 'unit', label: 'Unit' }, status],
  });
}

export async function packageRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, packageOptions);
  registerResourceRoutes(fastify, packageResource, {
    tag: 'settings',
    permissions: { add: 'add-package', edit: 'add-package' },
    input: packageInputSchema,
    answer: packageSchema,
    listQuery: statusListQuerySchema,
    exportColumns: [{ key: 'name', label: 'Package' }, { key: 'unitWeightKg', label: 'Unit weight (kg)' }, status],
  });
}

export async function vehicleTypeRoutes(fastify: FastifyInstance) {
  registerOptionsRoute(fastify, vehicleTypeOptions);
  registerResourceRoutes(fastify, vehicleTypeResource, {
    tag: 'settings',
    permissions: { add: 'add-edit-delete', edit: 'add-edit-delete' },
    input: vehicleTypeInputSchema,
    answer: vehicleTypeSchema,
    listQuery: statusListQuerySchema,
    exportColumns: [
      { key: 'name', label: 'Vehicle type' },
      { key: 'body', label: 'Body' },
      { key: 'capacityTonnes', label: 'Capacity (t)' },
      status,
    ],
  });
}

export async function bidVisibilityRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, bidVisibilityResource, {
    tag: 'settings',
    permissions: { list: 'bid-list', add: 'add-edit-delete', edit: 'add-edit-delete' },
    input: bidVisibilityInputSchema,
    answer: bidVisibilitySchema,
    listQuery: statusListQuerySchema,
    exportColumns: [
      { key: 'plantName', label: 'Plant', format: (v) => v ?? 'Default (all plants)' },
      { key: 'visibility', label: 'Carriers see', format: (v) => BID_VISIBILITY_LABEL[v as keyof typeof BID_VISIBILITY_LABEL] },
      { key: 'minDecrementRupees', label: 'Minimum decrement (INR)' },
      { key: 'antiSnipingMinutes', label: 'Anti-sniping (min)' },
      { key: 'awardWindowHours', label: 'Award window (h)' },
      status,
    ],
  });
}

export async function paymentSettingRoutes(fastify: FastifyInstance) {
  registerResourceRoutes(fastify, paymentSettingResource, {
    tag: 'settings',
    permissions: { list: 'bid-list', add: 'add-edit-delete', edit: 'add-edit-delete' },
    input: paymentSettingInputSchema,
    answer: paymentSettingSchema,
    listQuery: statusListQuerySchema,
    exportColumns: [
      { key: 'plantName', label: 'Plant', format: (v) => v ?? 'All plants' },
      { key: 'carrierName', label: 'Carrier', format: (v) => v ?? 'All carriers' },
      { key: 'advancePercent', label: 'Advance %' },
      { key: 'balanceOnPod', label: 'Balance on POD', format: (v) => (v ? 'Yes' : 'No') },
      { key: 'creditDays', label: 'Credit days' },
      status,
    ],
  });
}
