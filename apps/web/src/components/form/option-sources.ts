import { ROUTES } from '@freightdesk/shared/routes';
import type { OptionRow } from '@freightdesk/shared/schemas/options-rows';
import { userMayOpen } from '../../app/guard.ts';
import type { Session } from '../../lib/session.ts';

/** A master a picker searches: its options call and where a user adds an entry when there is none. */
export type OptionSource = {
  /** The options call under /api. */
  path: string;
  /** Plural noun for the empty picker ("No locations yet"). */
  noun: string;
  /** Heading of its rows when several masters feed one picker (drop-offs). */
  group: string;
  /** The SPA page that adds one, and the name the user knows it by. */
  add: { path: string; where: string };
  /** Text of a row in the list, when it should say more than the label (a vehicle type's capacity). */
  text?: (row: OptionRow) => string;
};

export const OPTION_SOURCES = {
  plants: { path: 'plants/options', noun: 'plants', group: 'Plants', add: { path: '/plant/add', where: 'Plants' } },
  businessUnits: {
    path: 'business-units/options',
    noun: 'business units',
    group: 'Business units',
    add: { path: '/business/add', where: 'Business units' },
  },
  stops: { path: 'stops/options', noun: 'locations', group: 'Locations', add: { path: '/stop/add', where: 'Locations' } },
  clientAddresses: {
    path: 'clients/addresses/options',
    noun: 'client addresses',
    group: 'Client addresses',
    add: { path: '/client/add', where: 'Clients' },
  },
  vendorAddresses: {
    path: 'vendors/addresses/options',
    noun: 'vendor addresses',
    group: 'Vendor addresses',
    add: { path: '/vendor/add', where: 'Vendors' },
  },
  carriers: {
    path: 'carriers/options',
    noun: 'carriers',
    group: 'Carriers',
    add: { path: '/industry-transporter/new', where: 'My Carriers' },
  },
  carrierGroups: {
    path: 'carrier-groups/options',
    noun: 'carrier groups',
    group: 'Carrier groups',
    add: { path: '/industry-transporter/create_group', where: 'My Carriers' },
  },
  products: { path: 'products/options', noun: 'products', group: 'Products', add: { path: '/product/new', where: 'Settings' } },
  packages: { path: 'packages/options', noun: 'packages', group: 'Packages', add: { path: '/package/new', where: 'Settings' } },
  vehicleTypes: {
    path: 'vehicle-types/options',
    noun: 'vehicle types',
    group: 'Vehicle types',
    add: { path: '/vehicle-type/new', where: 'Settings' },
  },
  routeMasters: { path: 'route-masters/options', noun: 'routes', group: 'Routes', add: { path: '/route/add', where: 'Route masters' } },
  roles: { path: 'roles/options', noun: 'roles', group: 'Roles', add: { path: '/role/add', where: 'Roles' } },
  countries: { path: 'admin/countries/options', noun: 'countries', group: 'Countries', add: { path: '/country/add', where: 'Countries' } },
  states: { path: 'admin/states/options', noun: 'states', group: 'States', add: { path: '/state/add', where: 'States' } },
  trackingDevices: {
    path: 'tracking/devices/options',
    noun: 'tracking devices',
    group: 'Devices',
    add: { path: '/devices', where: 'Devices' },
  },
  carrierTrackingDevices: {
    path: 'carrier/tracking/devices/options',
    noun: 'tracking devices',
    group: 'Devices',
    add: { path: '/carrier/devices', where: 'Tracking devices' },
  },
  shippers: {
    path: 'admin/shippers/options',
    noun: 'shippers',
    group: 'Shippers',
    add: { path: '/admin/shippers/add', where: 'Shippers' },
  },
} as const satisfies Record<string, OptionSource>;
export type SourceName = keyof typeof OPTION_SOURCES;

/** May this user open the page that adds an entry (so the empty picker can link to it)? */
export function mayAdd(source: OptionSource, session: Pick<Session, 'userType' | 'permissions'>): boolean {
  const route = ROUTES.find((r) => r.path === source.add.path);
  return Boolean(route && userMayOpen(route, session.userType, session.permissions));
}

/** What an empty picker says: why it is empty and how to get an entry into it. */
export function emptyHint(sources: readonly OptionSource[], session: Pick<Session, 'userType' | 'permissions'>) {
  const noun = sources.map((s) => s.noun).join(' or ');
  const addable = sources.filter((s) => mayAdd(s, session));
  return { text: `No ${noun} yet`, links: addable.map((s) => ({ to: s.add.path, where: s.add.where })) };
}
