import type { PlantInput } from '@freightdesk/shared/schemas/plant';

/** The label of every plant field: the form, the view and "<Label> is required" use the same words. */
export const PLANT_LABELS = {
  name: 'Plant name',
  code: 'Plant code',
  gstin: 'GSTIN',
  businessUnitId: 'Business unit',
  address: 'Address',
  city: 'City',
  state: 'State',
  country: 'Country',
  pincode: 'PIN code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  geofenceRadius: 'Geofence radius (m)',
  contactName: 'Contact name',
  contactMobile: 'Contact mobile',
} as const satisfies Record<keyof PlantInput, string>;

export const PLANT_FIELDS = Object.keys(PLANT_LABELS) as (keyof PlantInput)[];
