import { z } from 'zod';
import { listQuerySchema, requiredText, statusSchema, idRef, idList } from './common.ts';

const stopIds = idList('Stops');

/** A lane: from a plant or a location, through via points, to one or more locations. */
export const routeMasterInputSchema = z
  .object({
    name: requiredText('Route name', 120),
    originPlantId: idRef().nullable().default(null),
    originStopId: idRef().nullable().default(null),
    destinationStopIds: stopIds.refine((l) => l.length > 0, 'Choose at least one destination'),
    viaStopIds: stopIds,
    distanceKm: z.number({ error: 'Distance is required' }).positive('Distance must be more than 0').max(10_000),
    transitHours: z.number({ error: 'Transit time is required' }).positive('Transit time must be more than 0').max(720),
  })
  .refine((v) => (v.originPlantId === null) !== (v.originStopId === null), {
    path: ['originPlantId'],
    message: 'Choose the origin: one plant or one location',
  });
export type RouteMasterInputParsed = z.infer<typeof routeMasterInputSchema>;

export const routeMasterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  originPlantId: z.number().int().nullable(),
  originStopId: z.number().int().nullable(),
  originName: z.string(),
  destinationStopIds: z.array(z.number().int()),
  viaStopIds: z.array(z.number().int()),
  destinationNames: z.array(z.string()),
  distanceKm: z.number(),
  transitHours: z.number(),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RouteMaster = z.infer<typeof routeMasterSchema>;

export const routeMasterListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional() });
export type RouteMasterListQuery = z.infer<typeof routeMasterListQuerySchema>;
