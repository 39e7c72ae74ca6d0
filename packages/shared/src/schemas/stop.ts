import { z } from 'zod';
import { geofenceRadiusSchema, latitudeSchema, longitudeSchema, pinSchema } from '../validation/india.ts';
import { stateNameSchema } from '../validation/state.ts';
import { listQuerySchema, requiredText, statusSchema } from './common.ts';

export const STOP_TYPES = ['pickup', 'drop', 'both'] as const;
export const stopTypeSchema = z.enum(STOP_TYPES, { error: 'Choose pickup, drop or both' });
export const STOP_TYPE_LABEL: Record<(typeof STOP_TYPES)[number], string> = { pickup: 'Pickup', drop: 'Drop', both: 'Pickup and drop' };

export const stopInputSchema = z.object({
  name: requiredText('Location name', 120),
  type: stopTypeSchema,
  address: requiredText('Address', 300),
  city: requiredText('City', 80),
  state: stateNameSchema,
  pincode: pinSchema,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  geofenceRadius: geofenceRadiusSchema,
});
export type StopInput = z.input<typeof stopInputSchema>;
export type StopInputParsed = z.infer<typeof stopInputSchema>;

export const stopSchema = stopInputSchema.extend({
  id: z.number().int(),
  geofenceRadius: z.number().int(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stop = z.infer<typeof stopSchema>;

export const stopListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional(), type: stopTypeSchema.optional() });
export type StopListQuery = z.infer<typeof stopListQuerySchema>;
