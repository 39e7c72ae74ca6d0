import { expect } from '@playwright/test';
import { type ApiUser, demoIds, hoursFromNow } from './shipper-api.ts';

/** An order's emissions as `GET /api/emissions/orders/:id` answers them (the parts the journeys read). */
export type Figure = { wtwKg: number; distanceKm: number; factorVersion: { label: string } };
export type Emissions = { figure: Figure | null; basis: string | null; byRail: { wtwKg: number } | null };

/**
 * A full 21 t load of Vayu's from the Pune plant to a Delhi yard on a 10-wheeler, picked up an hour
 * ago, with its truck and driver: an order whose emissions have a figure (e2e 51, 52).
 */
export async function emissionsOrder(owner: ApiUser) {
  const ids = await demoIds(owner);
  const stamp = Date.now().toString().slice(-6);
  const truck = await owner.post<{ id: number }>('/api/vehicle-types', {
    name: `Emissions 10-wheeler ${stamp}`,
    body: 'open',
    capacityTonnes: 21,
    fuel: 'diesel',
  });
  const stop = await owner.post<{ id: number }>('/api/stops', {
    name: `Tughlakabad yard ${stamp}`,
    type: 'drop',
    address: 'ICD Tughlakabad',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110044',
    latitude: 28.51,
    longitude: 77.29,
  });
  const vehicle = `MH12EM${stamp.slice(-4)}`;
  const order = await owner.post<{ id: number; number: string; lane: string }>('/api/offline-orders/outbound', {
    carrierLinkId: ids.vayuLink,
    plantId: ids.plantId,
    vehicleTypeId: truck.id,
    priceRupees: 145_000,
    pickupAt: hoursFromNow(-1),
    dropoffs: [{ stopId: stop.id }],
    weightTonnes: 21,
    vehicleNumber: vehicle,
    driverName: 'Harpreet Singh',
    driverMobile: '9822051051',
  });
  return { ...order, vehicle };
}

/** The trip: reported, in, loaded, out, arrived; then the emissions job keeps its final figure. */
export async function finishTrip(users: { owner: ApiUser; vayu: ApiUser }, order: { id: number; vehicle: string }) {
  const { owner, vayu } = users;
  await vayu.post(`/api/carrier/orders/${order.id}/report`, {}, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-in`, { vehicleNumber: order.vehicle, driverChecked: true }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/loaded`, { grossKg: 30_000, tareKg: 9_000, sealNumber: 'EM-1' }, 200);
  await owner.post(`/api/orders/outbound/${order.id}/gate-out`, { documents: ['invoice', 'lr'] }, 200);
  await vayu.post(`/api/carrier/orders/${order.id}/arrive`, {}, 200);
  await expect.poll(async () => (await owner.get<Emissions>(`/api/emissions/orders/${order.id}`)).basis, { timeout: 20_000 }).toBe('final');
}
