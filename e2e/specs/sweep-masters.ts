import { expect } from '@playwright/test';
import { type ApiUser, demoIds } from './shipper-api.ts';

/**
 * The sweep's (spec 47) masters and settings: one of each a shipper keeps (the ones the demo
 * accounts lack are made), and the platform admin's rows. Named with this run's `tail`.
 */

export const tail = String(Date.now()).slice(-5);
export const place = (label: string, city: string) => ({
  label,
  address: `Plot ${tail}, MIDC`,
  city,
  state: 'Maharashtra',
  pincode: '411026',
  latitude: 18.6,
  longitude: 73.8,
});

/** The first row's id of a list, failing with the list's address when it is empty. */
export async function firstId(user: ApiUser, url: string): Promise<number> {
  const [row] = await user.get<{ id: number }[]>(url);
  expect(row, `${url} has a row`).toBeTruthy();
  return row?.id ?? 0;
}

type Ids = Awaited<ReturnType<typeof demoIds>>;

/** One of each master a shipper keeps (the ones the demo accounts lack are made). */
export async function masters(owner: ApiUser) {
  const ids = await demoIds(owner);
  const stop = await owner.post<{ id: number }>('/api/stops', { ...place('Sweep DC', 'Pune'), name: `Sweep DC ${tail}`, type: 'drop' });
  const client = await owner.post<{ id: number }>('/api/clients', {
    company: `Sweep Retail ${tail}`,
    contactName: 'Sunil Mehta',
    mobile: '9876501234',
    addresses: [place('Store', 'Pune')],
  });
  const vendor = await owner.post<{ id: number; addresses: { id: number }[] }>('/api/vendors', {
    company: `Sweep Resins ${tail}`,
    contactName: 'Anil',
    mobile: '9876505678',
    addresses: [place('Works', 'Pune')],
  });
  const role = await owner.post<{ id: number }>('/api/roles', { name: `Sweep guard ${tail}`, permissions: ['list-outbound-order'] });
  const staff = await owner.post<{ id: number }>('/api/staff', {
    name: `Sweep Guard ${tail}`,
    email: `sweep-${tail}@demo.test`,
    mobile: `96${tail.padStart(8, '0')}`,
    roleId: role.id,
    plantIds: [ids.plantId],
  });
  const route = await owner.post<{ id: number }>('/api/route-masters', {
    name: `Sweep lane ${tail}`,
    originPlantId: ids.plantId,
    destinationStopIds: [stop.id],
    distanceKm: 120,
    transitHours: 4,
  });
  return { ids, stop, client, vendor, role, staff, route };
}

/** The settings rows: a product, a package, a carrier group and the two per-carrier settings. */
export async function settingsRows(owner: ApiUser, ids: Ids) {
  const product = await owner.post<{ id: number }>('/api/products', { name: `Sweep coils ${tail}`, unit: 'coil' });
  const pack = await owner.post<{ id: number }>('/api/packages', { name: `Sweep bag ${tail}`, unitWeightKg: 1000 });
  const group = await owner.post<{ id: number }>('/api/carrier-groups', { name: `Sweep group ${tail}`, carrierLinkIds: [ids.vayuLink] });
  // A plant's bid rule changes how later journeys' auctions run: the sweep's is at another plant.
  const plants = await owner.get<{ id: number; name: string }[]>('/api/plants/options');
  const other = plants.find((p) => p.id !== ids.plantId) ?? plants[0];
  const rule = await owner.post<{ id: number }>('/api/bid-visibility-settings', { plantId: other?.id, visibility: 'rank_only' });
  const terms = await owner.post<{ id: number }>('/api/payment-settings', {
    carrierLinkId: ids.vayuLink,
    advancePercent: 0,
    balanceOnPod: false,
    creditDays: 30,
    detentionFreeHours: 24,
    detentionRupeesPerDay: 2400,
  });
  return { product: product.id, package: pack.id, group: group.id, requestSetting: rule.id, paymentSetting: terms.id };
}

/** The platform admin's rows (each list has its seeded or made first row). */
export async function adminRows(admin: ApiUser) {
  const notice = await admin.post<{ id: number }>('/api/admin/notices', {
    title: `Sweep notice ${tail}`,
    body: 'Checked by the sweep.',
    publish: false,
  });
  const device = await admin.post<{ id: number }>('/api/admin/devices', { serial: `sw-${tail}`, kind: 'lock', model: 'E-lock 4G' });
  return {
    shipper: await firstId(admin, '/api/admin/shippers'),
    plan: await firstId(admin, '/api/admin/plans'),
    notice: notice.id,
    device: device.id,
    country: await firstId(admin, '/api/admin/countries'),
    state: await firstId(admin, '/api/admin/states'),
    city: await firstId(admin, '/api/admin/cities'),
  };
}
