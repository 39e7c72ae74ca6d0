import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

const stop = (token: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stops',
    headers: t.as(token),
    payload: { name, type: 'drop', address: 'Yard', city: 'Surat', state: 'Gujarat', pincode: '395003', latitude: 21.17, longitude: 72.83 },
  });

describeTenantResource(t, {
  base: '/api/route-masters',
  valid: { distanceKm: 420, transitHours: 10 },
  variant: (n) => ({ name: `Pune to Surat ${n}` }),
  prepare: async (owner) => {
    const [plant] = (await t.app.inject({ method: 'GET', url: '/api/plants/options', headers: t.as(owner) })).json().data;
    const dest = (await stop(owner, 'Surat DC')).json().data;
    const via = (await stop(owner, 'Vapi yard')).json().data;
    return { originPlantId: plant.id, destinationStopIds: [dest.id], viaStopIds: [via.id] };
  },
  foreign: async () => {
    const other = await t.login('noplan@demo.test');
    const dest = (await stop(other, 'Their DC')).json().data;
    const origin = (await stop(other, 'Their yard')).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/route-masters',
      headers: t.as(other),
      payload: { name: 'Theirs', originStopId: origin.id, destinationStopIds: [dest.id], distanceKm: 10, transitHours: 1 },
    });
    return res.json().data.id;
  },
  invalid: [
    [{ destinationStopIds: [] }, 'destinationStopIds'],
    [{ distanceKm: 0 }, 'distanceKm'],
    [{ originStopId: 1 }, 'originPlantId'],
    [{ viaStopIds: [999_999] }, 'viaStopIds'],
  ],
  edit: [{ transitHours: 12 }, 'transitHours'],
  search: 'Surat',
});
