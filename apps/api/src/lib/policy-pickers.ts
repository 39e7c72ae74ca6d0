import type { Permission } from '@freightdesk/shared/permissions';
import { type Direction, ORDER_PERMISSIONS, REQUEST_PERMISSIONS } from './policy-permissions.ts';

/**
 * The policy's picker rules (part of lib/policy): which masters a form may pick from, and who may
 * call each master's `…/options`. A picker shows names to choose, never a record.
 */
/** The masters a form picks from, each answering `…/options` (what a picker shows, never a record). */
export const PICKER_MASTERS = [
  'plants',
  'businessUnits',
  'stops',
  'clientAddresses',
  'vendorAddresses',
  'carriers',
  'carrierGroups',
  'products',
  'packages',
  'vehicleTypes',
  'routeMasters',
  'roles',
] as const;
export type PickerMaster = (typeof PICKER_MASTERS)[number];

/** Each master's own page permission: who manages the master may always pick from it. */
const MASTER_PERMISSION: Record<PickerMaster, Permission> = {
  plants: 'list-plant',
  businessUnits: 'list-business',
  stops: 'list-stop',
  clientAddresses: 'list-client',
  vendorAddresses: 'list-vendor',
  carriers: 'list-industry-transporter',
  carrierGroups: 'list-industry-transporter',
  products: 'add-product',
  packages: 'add-package',
  vehicleTypes: 'add-edit-delete',
  routeMasters: 'list-route',
  roles: 'list-role',
};

const EVERY_SHIPPER_USER = 'every shipper user';
const requestForm = (d: Direction): Permission[] => [
  REQUEST_PERMISSIONS[d].add,
  REQUEST_PERMISSIONS[d].edit,
  REQUEST_PERMISSIONS[d].replicate,
];

/**
 * Which forms (and list filters) pick from which masters. Whoever may open a form may read the
 * options of every master it picks from, even without the master's own list permission: staff who
 * may raise outbound requests must be able to choose the drop-offs. Written once; the options
 * routes take their access rule from `optionsAccess`.
 */
export const PICKER_FORMS: readonly {
  form: string;
  permissions: readonly Permission[] | typeof EVERY_SHIPPER_USER;
  masters: readonly PickerMaster[];
}[] = [
  {
    form: 'outbound request',
    permissions: requestForm(1),
    masters: ['plants', 'stops', 'clientAddresses', 'vehicleTypes', 'products', 'packages', 'carriers', 'carrierGroups'],
  },
  {
    form: 'inbound request',
    permissions: requestForm(2),
    masters: ['plants', 'vendorAddresses', 'vehicleTypes', 'products', 'packages', 'carriers', 'carrierGroups'],
  },
  {
    form: 'offline order',
    permissions: [ORDER_PERMISSIONS[1].offlineAdd, ORDER_PERMISSIONS[2].offlineAdd],
    // The lane (drop-offs outbound, the vendor's pickup inbound) and the material (issue 9).
    masters: ['plants', 'carriers', 'vehicleTypes', 'stops', 'clientAddresses', 'vendorAddresses', 'products'],
  },
  {
    form: 'request and order list filters',
    permissions: [
      REQUEST_PERMISSIONS[1].list,
      REQUEST_PERMISSIONS[2].list,
      ORDER_PERMISSIONS[1].list,
      ORDER_PERMISSIONS[2].list,
      ORDER_PERMISSIONS[2].offlineList,
    ],
    masters: ['plants', 'carriers'],
  },
  { form: 'carrier and carrier group', permissions: ['add-industry-transporter'], masters: ['carriers', 'carrierGroups'] },
  { form: 'plant', permissions: ['add-plant', 'edit-plant'], masters: ['businessUnits'] },
  { form: 'route master', permissions: ['add-route', 'edit-route'], masters: ['plants', 'stops'] },
  { form: 'staff', permissions: ['add-staff', 'edit-staff'], masters: ['roles', 'plants', 'businessUnits'] },
  { form: 'bid position and payment settings', permissions: ['add-edit-delete'], masters: ['plants', 'carriers'] },
  // The dashboard filters by plant and business unit for every shipper user (staff see their own).
  { form: 'dashboard filters', permissions: EVERY_SHIPPER_USER, masters: ['plants', 'businessUnits'] },
];

/**
 * The access rule of a master's `…/options` route: its own permission or any permission of a form
 * that picks from it; every shipper user when a form open to all of them does.
 */
export function optionsAccess(master: PickerMaster): { anyOf: readonly Permission[] } | { userTypes: readonly [3, 4] } {
  const forms = PICKER_FORMS.filter((f) => f.masters.includes(master));
  if (forms.some((f) => f.permissions === EVERY_SHIPPER_USER)) {
    return { userTypes: [3, 4] };
  }
  const permissions = forms.flatMap((f) => (f.permissions === EVERY_SHIPPER_USER ? [] : f.permissions));
  return { anyOf: [...new Set([MASTER_PERMISSION[master], ...permissions])] };
}
