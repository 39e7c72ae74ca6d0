import { useTestApp } from '../../test/harness.ts';
import { describeTenantResource } from '../../test/resource-suite.ts';

const t = useTestApp();

describeTenantResource(t, {
  base: '/api/stops',
  valid: {
    type: 'drop',
    address: 'Bhiwandi logistics park',
    city: 'Bhiwandi',
    state: 'Maharashtra',
    pincode: '421302',
    latitude: 19.2813,
    longitude: 73.0483,
  },
  variant: (n) => ({ name: `Bhiwandi DC ${n}` }),
  invalid: [
    [{ type: 'somewhere' }, 'type'],
    [{ pincode: '12345' }, 'pincode'],
    [{ latitude: 95 }, 'latitude'],
    [{ geofenceRadius: 10 }, 'geofenceRadius'],
  ],
  edit: [{ city: 'Thane' }, 'city'],
  search: 'Bhiwandi',
});
